/// Colours and metrics of the control panel. Metrics are in pixels at scale 1;
/// `UIContext` multiplies every one of them by its `scale` (HiDPI factor).
public struct UITheme: Sendable, Equatable {
  /// Panel background (dark, #1E1F24).
  public var panel = RGBA(hex: 0x1E1F24)
  /// Panel edge and separator lines.
  public var border = RGBA(hex: 0x33353D)
  /// Body text.
  public var text = RGBA(hex: 0xE4E6EB)
  /// Secondary text: units, placeholders, hints.
  public var textDim = RGBA(hex: 0x9A9EAA)
  /// Section headers.
  public var sectionText = RGBA(hex: 0x8FB8FF)
  /// Widget background at rest, hovered (hot) and pressed (active).
  public var widget = RGBA(hex: 0x2B2D35)
  public var widgetHot = RGBA(hex: 0x353844)
  public var widgetActive = RGBA(hex: 0x3F4352)
  /// Filled part of a slider track, selected segment, switch on.
  public var accent = RGBA(hex: 0x3D7BF2)
  public var accentHot = RGBA(hex: 0x5A90F7)
  /// Keyboard focus ring.
  public var focus = RGBA(hex: 0x8FB8FF)
  /// Invalid input: ring and fill.
  public var error = RGBA(hex: 0xE5484D)
  public var errorFill = RGBA(hex: 0x4A1F24)
  /// Slider grab and switch knob.
  public var knob = RGBA(hex: 0xF2F3F5)
  /// The default-value tick on a slider track.
  public var tick = RGBA(hex: 0xF5B94A)
  /// Text selection in a field being edited.
  public var selection = RGBA(hex: 0x3D7BF2, alpha: 0.45)
  /// Tooltip background.
  public var tooltip = RGBA(hex: 0x2A2C33)

  /// Body text size, pixels at scale 1 (13–14 px reads well on the dark panel).
  public var fontSize = 13.5
  /// Section header text size, pixels at scale 1.
  public var sectionFontSize = 12.5
  /// Height of one widget row, pixels at scale 1.
  public var rowHeight = 24.0
  /// Height of a section header, pixels at scale 1.
  public var sectionHeight = 30.0
  /// Inner margin of a panel, pixels at scale 1.
  public var padding = 10.0
  /// Vertical gap between rows, pixels at scale 1.
  public var spacing = 4.0
  /// Corner radius of widgets, pixels at scale 1.
  public var rounding = 5.0
  /// Share of the row width taken by the label column (0…1).
  public var labelFraction = 0.36
  /// Width of the value text column of a slider, pixels at scale 1.
  public var valueWidth = 66.0
  /// Side of the reset icon, pixels at scale 1.
  public var resetSize = 14.0
  /// Scroll distance of one wheel notch, pixels at scale 1.
  public var wheelStep = 40.0
  /// Seconds the pointer rests on a widget before its tooltip shows.
  public var tooltipDelay = 0.5

  public init() {}

  /// The default dark theme.
  public static let dark = UITheme()
}
