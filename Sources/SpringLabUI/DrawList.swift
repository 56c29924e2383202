import Foundation

/// An 8-bit RGBA colour, straight (not premultiplied) alpha.
public struct RGBA: Sendable, Hashable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// `0xRRGGBB` with an alpha in 0…1 (clamped).
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF),
      UInt8((max(0, min(1, alpha)) * 255).rounded()))
  }

  /// The same colour with its alpha multiplied by `factor` (clamped to 0…1).
  public func fading(_ factor: Double) -> RGBA {
    var c = self
    c.a = UInt8((Double(a) * max(0, min(1, factor))).rounded())
    return c
  }

  /// The same colour with alpha `a`.
  public func with(alpha a: UInt8) -> RGBA { RGBA(r, g, b, a) }

  /// Mixes toward black by `amount` (0…1), for pressed states.
  public func darkened(_ amount: Double) -> RGBA {
    let k = 1 - max(0, min(1, amount))
    return RGBA(
      UInt8(Double(r) * k), UInt8(Double(g) * k), UInt8(Double(b) * k), a)
  }
}

/// A point in window pixels (origin top-left, y down).
public struct PixelPoint: Sendable, Hashable {
  public var x: Double
  public var y: Double

  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

/// A rectangle in window pixels.
public struct PixelRect: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var w: Double
  public var h: Double

  public init(x: Double, y: Double, w: Double, h: Double) {
    self.x = x
    self.y = y
    self.w = w
    self.h = h
  }

  public func contains(_ px: Double, _ py: Double) -> Bool {
    px >= x && py >= y && px < x + w && py < y + h
  }
}

/// Horizontal alignment of a text run relative to its anchor x.
public enum TextAlign: Sendable, Hashable {
  case left, center, right
}

/// A geometric outline in window pixels, kept as what it is (a circle stays a
/// circle) so the rasteriser draws true curves at any scale.
public enum DrawPath: Sendable, Hashable {
  /// A full circle, centre and radius in pixels.
  case circle(cx: Double, cy: Double, r: Double)
  /// A circular arc from angle `from` to `to` (radians, measured from +x
  /// toward +y, i.e. clockwise on screen); `to < from` draws nothing.
  case arc(cx: Double, cy: Double, r: Double, from: Double, to: Double)
  /// A rectangle whose corners are quarter circles of `radius` pixels (0 is
  /// square; clamped to half the shorter side).
  case roundedRect(PixelRect, radius: Double)
  /// A closed polygon through the points.
  case polygon([PixelPoint])
  /// An open polyline through the points (filled, it is closed implicitly).
  case polyline([PixelPoint])
}

/// One instruction for the rasteriser, in painter's order. Coordinates are
/// window pixels; colours straight alpha.
public enum DrawCommand: Sendable, Hashable {
  /// Fills `path` (non-zero winding) with an anti-aliased edge.
  case fill(DrawPath, RGBA)
  /// Strokes `path` `width` pixels wide with round joins and caps.
  case stroke(DrawPath, width: Double, RGBA)
  /// A soft round shadow: `color` inside radius `r`, fading to nothing at
  /// `r + blur` pixels (a radial gradient, not stacked discs).
  case shadow(cx: Double, cy: Double, r: Double, blur: Double, RGBA)
  /// A single line of text whose top is at `y` (pixels), `size` in pixels.
  /// Back ends cache the rasterised run: the same (text, size) must not be
  /// rasterised twice.
  case text(String, x: Double, y: Double, size: Double, color: RGBA, align: TextAlign)
  /// Restricts later commands to `rect`; `nil` removes the clip.
  case clip(PixelRect?)
  /// A PNG image file stretched over `rect` with opacity `alpha` (0…1);
  /// back ends load it once and cache it by path.
  case image(path: String, rect: PixelRect, alpha: Double)
  /// In-memory pixels (a backdrop video's frame) stretched over `rect`
  /// with opacity `alpha` (0…1).
  case pixels(RasterImage, rect: PixelRect, alpha: Double)
  /// A preset's SVG or PNG icon file (`IconFileDraw`); back ends rasterise
  /// it once per (file, rest size) and skip it when it cannot be read.
  case iconFile(IconFileDraw)
}

/// Everything one frame draws, in order. Built by pure code; drawn by a back end.
public struct DrawList: Sendable, Equatable {
  public private(set) var commands: [DrawCommand] = []
  /// Background colour the back end clears to before drawing.
  public var clearColor = RGBA(0x1E, 0x1F, 0x24)
  /// How many leading commands draw what stays put while controls move
  /// (the device and the app's screen under them), when the builder said
  /// so; nil otherwise. A back end may draw them ahead of time, while idle.
  public private(set) var staticPrefix: Int?

  public init() {}

  /// Every command, in painter's order.
  public var finished: [DrawCommand] { commands }

  /// Appends a command as is (colours with zero alpha are kept; the
  /// convenience methods drop them).
  public mutating func add(_ command: DrawCommand) {
    commands.append(command)
  }

  public mutating func text(
    _ s: String, x: Double, y: Double, size: Double, color: RGBA, align: TextAlign = .left
  ) {
    guard !s.isEmpty, color.a > 0 else { return }
    commands.append(.text(s, x: x, y: y, size: size, color: color, align: align))
  }

  /// Replaces the string of the text run at `index` (same place, size,
  /// colour and alignment); false when that command is not a text run.
  @discardableResult
  public mutating func replaceText(at index: Int, with s: String) -> Bool {
    guard commands.indices.contains(index),
      case .text(_, let x, let y, let size, let color, let align) = commands[index]
    else { return false }
    commands[index] = .text(s, x: x, y: y, size: size, color: color, align: align)
    return true
  }

  /// Multiplies the alpha of every command from `index` on by `k` (0…1):
  /// a run of widgets drawn disabled (`UIContext.disabled`).
  public mutating func fade(from index: Int, by k: Double) {
    guard index < commands.count else { return }
    var tail = DrawList()
    tail.commands = Array(commands[max(0, index)...])
    commands.replaceSubrange(max(0, index)..., with: tail.faded(k).commands)
  }

  public mutating func image(_ path: String, rect: PixelRect, alpha: Double = 1) {
    guard alpha > 0 else { return }
    commands.append(.image(path: path, rect: rect, alpha: alpha))
  }

  public mutating func clip(_ rect: PixelRect?) {
    commands.append(.clip(rect))
  }

  /// Marks the commands so far as the static prefix (`staticPrefix`); the
  /// first mark wins, so a second scene drawn into the same list (A/B side
  /// by side) cannot widen it over the first scene's moving controls.
  public mutating func markStaticPrefix() {
    if staticPrefix == nil { staticPrefix = commands.count }
  }
}
