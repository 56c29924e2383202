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

  /// Mixes toward black by `amount` (0…1), for pressed states.
  public func darkened(_ amount: Double) -> RGBA {
    let k = 1 - max(0, min(1, amount))
    return RGBA(
      UInt8(Double(r) * k), UInt8(Double(g) * k), UInt8(Double(b) * k), a)
  }
}

/// A vertex in window pixels (origin top-left, y down).
public struct DrawVertex: Sendable, Equatable {
  public var x: Float
  public var y: Float
  public var color: RGBA

  public init(_ x: Float, _ y: Float, _ color: RGBA) {
    self.x = x
    self.y = y
    self.color = color
  }
}

/// A rectangle in window pixels.
public struct PixelRect: Sendable, Equatable {
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
public enum TextAlign: Sendable, Equatable {
  case left, center, right
}

/// One instruction for a back end. Geometry is already tessellated (with
/// anti-aliasing fringes as vertex alpha), so a back end only has to submit
/// triangles (one geometry call per batch) and blit cached text.
public enum DrawCommand: Sendable, Equatable {
  /// Untextured triangles; `indices` index into `vertices` three at a time.
  case triangles(vertices: [DrawVertex], indices: [Int32])
  /// A single line of text whose top is at `y` (pixels), `size` in pixels.
  /// Back ends cache the rasterised run: the same (text, size, color) must not
  /// be rasterised twice.
  case text(String, x: Double, y: Double, size: Double, color: RGBA, align: TextAlign)
  /// Restricts later commands to `rect`; `nil` removes the clip.
  case clip(PixelRect?)
  /// A PNG image file stretched over `rect` with opacity `alpha` (0…1);
  /// back ends load it once and cache it by path.
  case image(path: String, rect: PixelRect, alpha: Double)
}

/// Everything one frame draws, in order. Built by pure code; drawn by a back end.
public struct DrawList: Sendable, Equatable {
  public private(set) var commands: [DrawCommand] = []
  /// Background colour the back end clears to before drawing.
  public var clearColor = RGBA(0x1E, 0x1F, 0x24)
  // why: consecutive shapes are merged into one triangle batch so a frame is a
  // handful of geometry calls, not thousands.
  private var batchVertices: [DrawVertex] = []
  private var batchIndices: [Int32] = []

  public init() {}

  /// Every command including the open triangle batch.
  public var finished: [DrawCommand] {
    var copy = self
    copy.flush()
    return copy.commands
  }

  public mutating func flush() {
    guard !batchIndices.isEmpty else { return }
    commands.append(.triangles(vertices: batchVertices, indices: batchIndices))
    batchVertices.removeAll(keepingCapacity: true)
    batchIndices.removeAll(keepingCapacity: true)
  }

  public mutating func text(
    _ s: String, x: Double, y: Double, size: Double, color: RGBA, align: TextAlign = .left
  ) {
    guard !s.isEmpty, color.a > 0 else { return }
    flush()
    commands.append(.text(s, x: x, y: y, size: size, color: color, align: align))
  }

  public mutating func image(_ path: String, rect: PixelRect, alpha: Double = 1) {
    guard alpha > 0 else { return }
    flush()
    commands.append(.image(path: path, rect: rect, alpha: alpha))
  }

  public mutating func clip(_ rect: PixelRect?) {
    flush()
    commands.append(.clip(rect))
  }

  /// Appends raw triangles (indices relative to `vertices`).
  public mutating func triangles(_ vertices: [DrawVertex], _ indices: [Int32]) {
    let base = Int32(batchVertices.count)
    batchVertices.append(contentsOf: vertices)
    batchIndices.append(contentsOf: indices.map { $0 + base })
  }
}
