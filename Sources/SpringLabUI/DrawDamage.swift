import Foundation

/// A rectangle of whole pixels, `x0..<x1` × `y0..<y1` (window pixels).
public struct PixelBox: Sendable, Hashable {
  public var x0: Int
  public var y0: Int
  public var x1: Int
  public var y1: Int

  public init(x0: Int, y0: Int, x1: Int, y1: Int) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
  }

  /// The smallest box of whole pixels containing `r` grown by `pad` pixels on
  /// every side; nil when `r` is not finite.
  public init?(covering r: PixelRect, pad: Double = 0) {
    let a = r.x - pad
    let b = r.y - pad
    let c = r.x + r.w + pad
    let d = r.y + r.h + pad
    guard a.isFinite, b.isFinite, c.isFinite, d.isFinite else { return nil }
    // why: clamp before converting, so absurd coordinates cannot trap Int().
    func i(_ v: Double) -> Int { Int(max(-1e7, min(1e7, v))) }
    self.init(
      x0: i(a.rounded(.down)), y0: i(b.rounded(.down)), x1: i(c.rounded(.up)), y1: i(d.rounded(.up))
    )
  }

  public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
  public var width: Int { max(0, x1 - x0) }
  public var height: Int { max(0, y1 - y0) }
  /// Pixels covered (0 when empty).
  public var area: Int { isEmpty ? 0 : width * height }

  public func intersection(_ o: PixelBox) -> PixelBox {
    PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
  }

  public func union(_ o: PixelBox) -> PixelBox {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
  }

  public func intersects(_ o: PixelBox) -> Bool { !intersection(o).isEmpty }
}

extension DrawPath {
  /// The path's geometric bounds (no stroke width, no anti-aliasing).
  public var bounds: PixelRect {
    switch self {
    case .circle(let cx, let cy, let r), .arc(let cx, let cy, let r, _, _):
      return PixelRect(x: cx - r, y: cy - r, w: 2 * r, h: 2 * r)
    case .roundedRect(let rect, _):
      return rect
    case .polygon(let pts), .polyline(let pts):
      guard let f = pts.first else { return PixelRect(x: 0, y: 0, w: 0, h: 0) }
      var (x0, y0, x1, y1) = (f.x, f.y, f.x, f.y)
      for p in pts {
        x0 = min(x0, p.x)
        y0 = min(y0, p.y)
        x1 = max(x1, p.x)
        y1 = max(y1, p.y)
      }
      return PixelRect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }
  }
}

extension DrawCommand {
  /// Where a text run of `size` pixels lands: its left edge for `align`
  /// around `x`, whole pixels (the rasteriser places runs on the pixel grid
  /// so glyphs stay crisp).
  public static func textLeft(x: Double, width: Double, align: TextAlign) -> Int {
    let left: Double
    switch align {
    case .left: left = x
    case .center: left = x - width / 2
    case .right: left = x - width
    }
    return Int(max(-1e7, min(1e7, left.rounded())))
  }

  /// Every pixel this command may change, before clipping; nil for a clip
  /// (which changes nothing itself) or a non-finite shape. `measure` gives a
  /// text run's `(width, height)` in pixels.
  public func touchedPixels(measure: (String, Double) -> (Double, Double)) -> PixelBox? {
    // why: 1 px covers the anti-aliased fringe and rounding to the pixel grid.
    switch self {
    case .fill(let p, _):
      return PixelBox(covering: p.bounds, pad: 1)
    case .stroke(let p, let w, _):
      return PixelBox(covering: p.bounds, pad: w / 2 + 1)
    case .shadow(let cx, let cy, let r, let blur, _):
      let R = r + blur
      return PixelBox(covering: PixelRect(x: cx - R, y: cy - R, w: 2 * R, h: 2 * R), pad: 1)
    case .text(let s, let x, let y, let size, _, let align):
      let (w, h) = measure(s, size)
      guard y.isFinite, x.isFinite else { return nil }
      let left = Double(Self.textLeft(x: x, width: w, align: align))
      let top = y.rounded()
      // why: glyphs may overhang their advance box by a pixel or two.
      return PixelBox(covering: PixelRect(x: left, y: top, w: w, h: h), pad: 2)
    case .clip:
      return nil
    case .image(_, let r, _), .pixels(_, let r, _):
      return PixelBox(covering: r, pad: 1)
    case .iconFile(let d):
      return PixelBox(covering: d.bounds, pad: 1)
    }
  }

  /// The whole-pixel box a clip rectangle keeps (rounded outward, as the
  /// rasteriser clips); nil for no clip, an empty box for a non-finite one.
  public static func clipBox(_ r: PixelRect?) -> PixelBox? {
    guard let r else { return nil }
    return PixelBox(covering: r) ?? PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
  }
}

/// What changed between two frames' draw lists: the regions whose pixels may
/// differ, so a renderer redraws only those (clipped) and a window presents
/// only those.
///
/// Commands are compared as (command, active clip) pairs. A common prefix
/// and suffix are matched; the middles are matched pairwise, front to front
/// then end to end around the surplus of the longer one (`aligned`). Any pixel outside the
/// dirty boxes is covered by the same matched commands in the same order in
/// both frames, so it cannot change.
public enum DrawDamage {
  /// Most boxes returned; more are merged.
  public static let maxBoxes = 12

  /// Dirty boxes (within the frame, non-empty, possibly overlapping) between
  /// `old` and `new` on a `width` × `height` frame. Returns one full-frame box
  /// when there is no old frame, the clear colours differ, or most of the
  /// frame changed; an empty array when nothing changed.
  public static func between(
    _ old: DrawList?, _ new: DrawList, width: Int, height: Int,
    measure: (String, Double) -> (Double, Double)
  ) -> [PixelBox] {
    let frame = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
    guard let old, old.clearColor == new.clearColor else { return frame.isEmpty ? [] : [frame] }
    let a = items(old)
    let b = items(new)
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let midA = a[prefix..<(a.count - suffix)]
    let midB = b[prefix..<(b.count - suffix)]
    var dirty: [PixelBox] = []
    func mark(_ item: Item) {
      guard var box = item.command.touchedPixels(measure: measure) else { return }
      if let c = item.clip { box = box.intersection(c) }
      box = box.intersection(frame)
      if !box.isEmpty { dirty.append(box) }
    }
    for (x, y) in aligned(Array(midA), Array(midB)) {
      if let x, let y, x == y { continue }
      x.map(mark)
      y.map(mark)
    }
    return merged(dirty, frame: frame)
  }

  /// Pairs two middles in order: the first `s` items front to front, the
  /// rest end to end, and the surplus of the longer one between them alone
  /// (paired with nil), with `s` chosen to leave the fewest unequal pairs.
  /// why: a frame where the fan draws one command more (an icon appears) and
  /// the panel's time label changes must not dirty everything between them.
  static func aligned(_ a: [Item], _ b: [Item]) -> [(Item?, Item?)] {
    let m = min(a.count, b.count)
    if a.count == b.count { return zip(a, b).map { ($0, $1) } }
    // front[i]: unequal front pairs among the first i; back[k]: among the last k
    var front = [0]
    var back = [0]
    front.reserveCapacity(m + 1)
    back.reserveCapacity(m + 1)
    for i in 0..<m {
      front.append(front[i] + (a[i] == b[i] ? 0 : 1))
      back.append(back[i] + (a[a.count - 1 - i] == b[b.count - 1 - i] ? 0 : 1))
    }
    var best = 0
    for s in 0...m where front[s] + back[m - s] < front[best] + back[m - best] { best = s }
    var out: [(Item?, Item?)] = []
    out.reserveCapacity(max(a.count, b.count))
    for i in 0..<best { out.append((a[i], b[i])) }
    for i in best..<(a.count - (m - best)) { out.append((a[i], nil)) }
    for i in best..<(b.count - (m - best)) { out.append((nil, b[i])) }
    for k in 0..<(m - best) {
      out.append((a[a.count - (m - best) + k], b[b.count - (m - best) + k]))
    }
    return out
  }

  struct Item: Equatable {
    var command: DrawCommand
    var clip: PixelBox?
  }

  static func items(_ list: DrawList) -> [Item] {
    var out: [Item] = []
    out.reserveCapacity(list.finished.count)
    var clip: PixelBox? = nil
    for c in list.finished {
      if case .clip(let r) = c {
        clip = DrawCommand.clipBox(r)
      } else {
        out.append(Item(command: c, clip: clip))
      }
    }
    return out
  }

  /// Merges overlapping or nearby boxes until at most `maxBoxes` remain;
  /// boxes covering over half the frame become the whole frame.
  static func merged(_ boxes: [PixelBox], frame: PixelBox) -> [PixelBox] {
    guard !boxes.isEmpty else { return [] }
    var bound = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    for b in boxes { bound = bound.union(b) }
    // why: past a few hundred boxes pairwise merging costs more than it saves.
    // (Below that, the boxes' own area decides, not their union's: the fan
    // moving bottom left while the panel's time label changes top right
    // spans most of the window but is two small boxes to redraw.)
    if boxes.count > 256 {
      return [bound.area * 2 > frame.area ? frame : bound]
    }
    var out = boxes
    // why: overlapping boxes would be cleared and drawn twice; merge them first.
    var changed = true
    while changed {
      changed = false
      var i = 0
      while i < out.count {
        var j = i + 1
        while j < out.count {
          let u = out[i].union(out[j])
          // why: merging also pays when the union wastes little area.
          if out[i].intersects(out[j]) || u.area <= out[i].area + out[j].area + 64 * 64 {
            out[i] = u
            out.remove(at: j)
            changed = true
          } else {
            j += 1
          }
        }
        i += 1
      }
    }
    while out.count > maxBoxes {
      var best = (0, 1, Int.max)
      for i in 0..<out.count {
        for j in (i + 1)..<out.count {
          let cost = out[i].union(out[j]).area - out[i].area - out[j].area
          if cost < best.2 { best = (i, j, cost) }
        }
      }
      out[best.0] = out[best.0].union(out[best.1])
      out.remove(at: best.1)
    }
    let total = out.reduce(0) { $0 + $1.area }
    return total * 2 > frame.area ? [frame] : out
  }
}
