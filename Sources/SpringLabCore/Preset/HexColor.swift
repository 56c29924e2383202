/// An sRGB colour as presets write it: `#RRGGBB` (opaque) or `#RRGGBBAA`,
/// 8 bits a channel, straight (not premultiplied) alpha.
public struct HexColor: Sendable, Hashable, CustomStringConvertible {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  /// 255 = opaque.
  public var a: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }

  /// `0xRRGGBB`, opaque.
  public init(rgb: UInt32) {
    self.init(UInt8((rgb >> 16) & 0xFF), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
  }

  /// Reads `#RRGGBB` or `#RRGGBBAA` (either case); nil for anything else
  /// (`#RGB`, names such as `red`, `rgb(…)`, surrounding spaces).
  public init?(hex text: String) {
    let u = Array(text.utf8)
    guard u.count == 7 || u.count == 9, u[0] == UInt8(ascii: "#") else { return nil }
    var bytes: [UInt8] = []
    var i = 1
    while i < u.count {
      guard let hi = Self.nibble(u[i]), let lo = Self.nibble(u[i + 1]) else { return nil }
      bytes.append(hi << 4 | lo)
      i += 2
    }
    self.init(bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255)
  }

  private static func nibble(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// `#RRGGBB` when opaque, else `#RRGGBBAA`; upper-case hex digits.
  public var hex: String {
    func h(_ v: UInt8) -> String {
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
    }
    return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
  }

  public var description: String { hex }

  /// Alpha as 0…1.
  public var opacity: Double { Double(a) / 255 }

  /// The channels as 0…1 (r, g, b, a), for the exports' colour literals.
  public var unit: (r: Double, g: Double, b: Double, a: Double) {
    (Double(r) / 255, Double(g) / 255, Double(b) / 255, opacity)
  }

  public static let white = HexColor(255, 255, 255)
  public static let black = HexColor(0, 0, 0)
}
