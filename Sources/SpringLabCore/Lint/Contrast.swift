import Foundation

/// WCAG 2.2 contrast (§1.4.3 text, §1.4.11 non-text): relative luminance
/// from linearised sRGB, and the ratio (L1 + 0.05) / (L2 + 0.05), 1…21.
extension HexColor {
  /// One 8-bit sRGB channel linearised (WCAG 2.2's definition, with the
  /// sRGB standard's 0.04045 threshold).
  static func linear(_ v: UInt8) -> Double {
    let c = Double(v) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// Relative luminance, 0 (black) … 1 (white); alpha is ignored
  /// (composite first with `over`).
  public var relativeLuminance: Double {
    0.2126 * Self.linear(r) + 0.7152 * Self.linear(g) + 0.0722 * Self.linear(b)
  }

  /// This colour drawn over the opaque `background`: what the screen shows
  /// (blended per 8-bit sRGB channel, as browsers and Core Graphics do).
  public func over(_ background: HexColor) -> HexColor {
    let k = opacity
    func mix(_ f: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(f) * k + Double(b) * (1 - k)).rounded())
    }
    return HexColor(mix(r, background.r), mix(g, background.g), mix(b, background.b))
  }

  /// The contrast ratio with `other`, 1…21 (order does not matter); both
  /// taken as opaque.
  public func contrast(with other: HexColor) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

extension Lint {
  /// WCAG 2.2 §1.4.11's minimum for user-interface components and graphics.
  public static let nonTextContrast = 3.0
  /// WCAG 2.2 §1.4.3's minimum for text under 18 pt (a badge).
  public static let textContrast = 4.5
  /// Material Design's minimum touch target, dp (Android points).
  public static let materialHitTarget = 48.0

  /// What the screen behind the open menu shows: the sample app's
  /// background under the dim (`fan.dimColor` at `fan.backdropDim`). A
  /// backdrop image is unknown here, so this is the app's own background.
  public static func openBackdrop(_ f: FanPreset) -> HexColor {
    var dim = f.dimColor
    dim.a = UInt8((Double(dim.a) * max(0, min(1, f.backdropDim))).rounded())
    return dim.over(DefaultLook.screen)
  }

  /// A ratio as lint prints it: "1.41:1".
  static func ratioText(_ r: Double) -> String { String(format: "%.2f:1", r) }
}
