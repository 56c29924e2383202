import SpringLabCore

/// Field paths per panel section, in order: the field table is the only place
/// that knows which group a field belongs to.
enum PanelSections {
  static let all: [(String, [String])] = FieldGroup.allCases.map { g in
    (g.title, PresetField.panelFields(in: g).map(\.path))
  }
}
