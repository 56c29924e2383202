import Foundation

/// What `springlab render` notes in a video it writes (the container's
/// `comment` tag): where the device's screen lies in the frame. A fit of
/// that clip reads its pixels per point from it instead of assuming the
/// screen fills the frame, which is true of a phone's own recording but
/// not of a render with a margin (`fit --menu` read seed 000's radius as
/// 98 pt instead of 120 from a 393×852 @2 render).
public struct RenderNote: Sendable, Equatable {
  /// The screen's top-left corner in the frame, pixels.
  public var x: Double
  public var y: Double
  /// Pixels per device point.
  public var scale: Double
  /// The frame the note describes, pixels: a clip of another size (cropped
  /// or scaled since) is not described by it.
  public var frameWidth: Int
  public var frameHeight: Int

  public init(x: Double, y: Double, scale: Double, frameWidth: Int, frameHeight: Int) {
    self.x = x
    self.y = y
    self.scale = scale
    self.frameWidth = frameWidth
    self.frameHeight = frameHeight
  }

  static let prefix = "springlab view"

  /// The tag's text: `springlab view x=34 y=86 scale=0.741093 frame=360x780`.
  public var text: String {
    "\(Self.prefix) x=\(JSONWriter.number(x)) y=\(JSONWriter.number(y)) scale=\(JSONWriter.number(scale)) frame=\(frameWidth)x\(frameHeight)"
  }

  /// The note in `text`, nil when it is not one (another program's comment,
  /// a missing or non-positive number).
  public init?(parsing text: String) {
    let t = text.trimmingCharacters(in: .whitespaces)
    guard t.hasPrefix(Self.prefix) else { return nil }
    var fields: [Substring: Substring] = [:]
    for part in t.dropFirst(Self.prefix.count).split(separator: " ") {
      let kv = part.split(separator: "=", maxSplits: 1)
      if kv.count == 2 { fields[kv[0]] = kv[1] }
    }
    let dims = fields["frame"]?.split(separator: "x") ?? []
    guard let x = fields["x"].flatMap({ Double($0) }), let y = fields["y"].flatMap({ Double($0) }),
      let s = fields["scale"].flatMap({ Double($0) }), s.isFinite, s > 0, x.isFinite, y.isFinite,
      dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0
    else { return nil }
    self.init(x: x, y: y, scale: s, frameWidth: w, frameHeight: h)
  }

  /// The note's scale when it describes a `width` × `height` frame.
  public func scale(forFrame width: Int, _ height: Int) -> Double? {
    width == frameWidth && height == frameHeight ? scale : nil
  }
}
