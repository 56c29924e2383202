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

/// A simulated device screen (SPEC §2), in points, portrait or landscape.
public struct Device: Sendable, Equatable {
  public let id: String
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
    id: "iphoneSE", name: "iPhone SE", portraitWidth: 375, portraitHeight: 667, safeTop: 20,
    safeBottom: 0,
    keyboardHeight: 260)
  public static let iPhone15 = Device(
    id: "iphone15", name: "iPhone 15", portraitWidth: 393, portraitHeight: 852, safeTop: 59,
    safeBottom: 34,
    keyboardHeight: 336)
  public static let iPhone15ProMax = Device(
    id: "iphone15ProMax", name: "iPhone 15 Pro Max", portraitWidth: 430, portraitHeight: 932,
    safeTop: 59,
    safeBottom: 34, keyboardHeight: 346)
  public static let iPadSplit = Device(
    id: "ipadSplit", name: "iPad split", portraitWidth: 507, portraitHeight: 1024, safeTop: 24,
    safeBottom: 20,
    keyboardHeight: 313)

  public static let models = [iPhoneSE, iPhone15, iPhone15ProMax, iPadSplit]

  /// The model with `id` in the given orientation (iPhone 15 if unknown).
  public static func named(_ id: String, landscape: Bool = false) -> Device {
    var d = models.first { $0.id == id } ?? iPhone15
    d.landscape = landscape
    return d
  }

  public var width: Double { landscape ? portraitHeight : portraitWidth }
  public var height: Double { landscape ? portraitWidth : portraitHeight }
  /// Whether the device has a home indicator (a non-zero bottom inset in portrait).
  public var hasHomeIndicator: Bool { safeBottom > 0 }

  /// In landscape, left = right = the portrait top inset, bottom 21 with a
  /// home indicator, top 0; iPhone SE landscape has none.
  public var safe: Insets {
    if !landscape { return Insets(top: safeTop, left: 0, bottom: safeBottom, right: 0) }
    if id == "iphoneSE" { return Insets() }
    return Insets(top: 0, left: safeTop, bottom: hasHomeIndicator ? 21 : 0, right: safeTop)
  }

  /// Keyboard height for the current orientation (landscape 209 pt).
  public var keyboard: Double { landscape ? 209 : keyboardHeight }

  public var orientationName: String { landscape ? "landscape" : "portrait" }
}
