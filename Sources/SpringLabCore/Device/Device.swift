/// Safe-area insets, points.
public struct Insets: Sendable, Equatable {
  public var top: Double, left: Double, bottom: Double, right: Double
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

/// A simulated device screen, in points, portrait or landscape.
public struct Device: Sendable, Equatable {
  public let model: DeviceModel
  /// The model's preset name (`iphone15` …).
  public var id: String { model.rawValue }
  public let name: String
  /// Portrait size and insets.
  public let portraitWidth: Double
  public let portraitHeight: Double
  public let safeTop: Double
  public let safeBottom: Double
  /// Keyboard height in portrait, points, including the home-indicator area.
  public let keyboardHeight: Double
  public var landscape = false

  public static let iPhoneSE = Device(
    model: .iphoneSE, name: "iPhone SE", portraitWidth: 375, portraitHeight: 667, safeTop: 20,
    safeBottom: 0,
    keyboardHeight: 260)
  public static let iPhone15 = Device(
    model: .iphone15, name: "iPhone 15", portraitWidth: 393, portraitHeight: 852, safeTop: 59,
    safeBottom: 34,
    keyboardHeight: 336)
  public static let iPhone15ProMax = Device(
    model: .iphone15ProMax, name: "iPhone 15 Pro Max", portraitWidth: 430, portraitHeight: 932,
    safeTop: 59,
    safeBottom: 34, keyboardHeight: 346)
  public static let iPadSplit = Device(
    model: .ipadSplit, name: "iPad split", portraitWidth: 507, portraitHeight: 1024, safeTop: 24,
    safeBottom: 20,
    keyboardHeight: 313)

  public static let models = [iPhoneSE, iPhone15, iPhone15ProMax, iPadSplit]

  /// The screen of `model` in the given orientation.
  public static func named(_ model: DeviceModel, landscape: Bool = false) -> Device {
    var d: Device
    switch model {
    case .iphoneSE: d = iPhoneSE
    case .iphone15: d = iPhone15
    case .iphone15ProMax: d = iPhone15ProMax
    case .ipadSplit: d = iPadSplit
    }
    d.landscape = landscape
    return d
  }

  /// The screen a preset runs on.
  public static func of(_ p: Preset) -> Device {
    named(p.device, landscape: p.orientation == .landscape)
  }

  public var width: Double { landscape ? portraitHeight : portraitWidth }
  public var height: Double { landscape ? portraitWidth : portraitHeight }
  /// Whether the device has a home indicator (a non-zero bottom inset in portrait).
  public var hasHomeIndicator: Bool { safeBottom > 0 }

  /// In landscape, left = right = the portrait top inset, bottom 21 with a
  /// home indicator, top 0; iPhone SE landscape has none.
  public var safe: Insets {
    if !landscape { return Insets(top: safeTop, left: 0, bottom: safeBottom, right: 0) }
    if model == .iphoneSE { return Insets() }
    return Insets(top: 0, left: safeTop, bottom: hasHomeIndicator ? 21 : 0, right: safeTop)
  }

  /// Keyboard height for the current orientation (landscape 209 pt).
  public var keyboard: Double { landscape ? 209 : keyboardHeight }

  public var orientation: Orientation { landscape ? .landscape : .portrait }
  public var orientationName: String { orientation.rawValue }
}
