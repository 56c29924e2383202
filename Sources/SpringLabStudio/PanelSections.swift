import SpringLabCore

/// The fields of each panel section, in order: the field table is the only
/// place that knows which group a field belongs to.
enum PanelSections {
  static let all: [(FieldGroup, [FieldID])] = FieldGroup.allCases.map { g in
    (g, PresetField.panelFields(in: g).map(\.id))
  }
}
