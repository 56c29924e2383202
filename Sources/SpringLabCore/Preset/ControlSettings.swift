/// The settings sections of registered controls (`ControlRegistry.more`),
/// held by `Preset.controls`. A control's fields reach their values through
/// key paths into these subscripts, each with the field's identity and
/// default (`\Preset.controls[number: .sheetHeight, default: 320]`); a value
/// equal to its default is not stored, so presets compare by what they mean.
public struct ControlSettings: Sendable, Equatable {
  private var numbers: [FieldID: Double] = [:]
  private var flags: [FieldID: Bool] = [:]
  private var springs: [FieldID: SpringSpec] = [:]

  public init() {}

  /// A number field's value.
  public subscript(number id: FieldID, default d: Double) -> Double {
    get { numbers[id] ?? d }
    set { numbers[id] = newValue == d ? nil : newValue }
  }

  /// A flag field's value.
  public subscript(flag id: FieldID, default d: Bool) -> Bool {
    get { flags[id] ?? d }
    set { flags[id] = newValue == d ? nil : newValue }
  }

  /// A spring's five values, named by its duration field.
  public subscript(spring id: FieldID, default d: SpringSpec) -> SpringSpec {
    get { springs[id] ?? d }
    set { springs[id] = newValue == d ? nil : newValue }
  }
}
