import Foundation

/// Where a menu's items are on the last frame: the areas that changed since
/// the last still frame, split where neighbours only just touch.
extension MenuFinder {
  /// The areas that differ between the last still frame and the last frame,
  /// largest first: each a connected group of changed pixels, split where
  /// they only just touch. Each has its box on the last frame (pixels), the
  /// pixels the tracker matches (its own, grown by 3 px for its outline and
  /// shadow) and its centre (pixel-centre coordinates).
  /// why: first from the pixels that change strongly (by `strongLevel`, or
  /// twice the change level): a soft shadow below an item changes faintly and
  /// would put the centre off the item's own, an offset its growth 0.4 → 1
  /// turns into a wrong arc; then, when that finds fewer than two areas (an
  /// element close to the background's grey), from every changed pixel
  /// `level`: the clip's `MotionFinder.level`, when already known.
  public static func changedAreas(_ frames: [GreyFrame], level known: Int? = nil) -> [(
    region: FrameRegion, mask: [Bool], centre: (x: Double, y: Double)
  )] {
    guard frames.count > 2 else { return [] }
    let lv = known ?? MotionFinder.level(frames)
    let still = MotionFinder.lastStillFrame(frames, in: nil, level: lv) ?? 0
    let a = MotionFinder.blurred(frames[still], in: nil)
    let c = MotionFinder.blurred(frames[frames.count - 1], in: nil)
    let centres = areas(a, c, level: max(2 * lv, strongLevel)).map(\.centre)
    // why: tracked by the boxes and pixels of all the changes (the tracker
    // needs the outline and shadow), centred on the strong changes inside
    return areas(a, c, level: lv).map { e in
      let r = e.region
      let inside = centres.filter {
        $0.x >= r.x && $0.y >= r.y && $0.x <= r.x + r.width && $0.y <= r.y + r.height
      }
      return (e.region, e.mask, inside.count == 1 ? inside[0] : e.centre)
    }
  }

  /// `changedAreas` for the pixels that change by more than `level` between `a` and `c`.
  static func areas(_ a: GreyFrame, _ c: GreyFrame, level lv: Int) -> [(
    region: FrameRegion, mask: [Bool], centre: (x: Double, y: Double)
  )] {
    let w = a.width
    let h = a.height
    var mask = [Bool](repeating: false, count: w * h)
    for k in 0..<(w * h) where abs(Int(a.pixels[k]) - Int(c.pixels[k])) > lv { mask[k] = true }
    // why: an item's icon may match what was behind it (a white glyph on a
    // white card); the hole it leaves would break the disc into pieces as
    // it is worn away below
    var outside = [Bool](repeating: false, count: w * h)
    var stack: [Int] = []
    for x in 0..<w { stack += [x, (h - 1) * w + x] }
    for y in 0..<h { stack += [y * w, y * w + w - 1] }
    while let q = stack.popLast() {
      guard !mask[q], !outside[q] else { continue }
      outside[q] = true
      let x = q % w
      let y = q / w
      if x > 0 { stack.append(q - 1) }
      if x < w - 1 { stack.append(q + 1) }
      if y > 0 { stack.append(q - w) }
      if y < h - 1 { stack.append(q + w) }
    }
    for k in mask.indices where !outside[k] { mask[k] = true }
    // why: items at rest can nearly touch (seed 000's are 7 px apart at
    // 0.74 px/pt, their shadows closer); the changed pixels are worn away
    // a pixel at a time and the depth that splits them into the most areas
    // of a like size wins
    var best: [Area] = []
    var bestDepth = 0
    // why: worn away `depth` times by 4-neighbours (the frame's edge
    // counting as unchanged), what is left is exactly the pixels whose
    // city-block distance to an unchanged pixel exceeds `depth`: one
    // distance pass instead of a whole-frame pass per depth
    let distance = cityBlockDistance(mask, width: w, height: h)
    let changed = mask.indices.filter { mask[$0] }
    // why: the width of the necks joining items grows with the recording's
    // pixels per point (their shadows merge): seed 000's needed 14 px per
    // px/pt, 28 px at 2× and 41 px at 3× (a screen recording 393 pt wide),
    // where a depth of w / 40 left three of five items joined
    let deepest = max(maximumErosion, maximumErosion * w / erosionReferenceWidth)
    for depth in 0...deepest {
      let found = areas(
        changed, above: Int32(depth), distance: distance, width: w, height: h, pad: depth + 2)
      if found.count > best.count {
        best = found
        bestDepth = depth
      }
      if found.isEmpty { break }
    }
    let frame = Double(w * h)
    return best.filter { $0.box.width * $0.box.height <= VideoFit.maximumBlobShare * frame }
      .map { e in
        // why: the centre of what is left after wearing away is the
        // element's (a disc wears to a smaller disc); grown back by the
        // depth, kept to changed pixels (what stays still would hold the
        // tracker in place; a neighbour's edge stays out), then by 2 px for
        // the outline the tracker needs to find a flat-coloured disc
        let cx = Double(e.pixels.reduce(0) { $0 + $1 % w }) / Double(e.count)
        let cy = Double(e.pixels.reduce(0) { $0 + $1 / w }) / Double(e.count)
        var own = grow(e.pixels, by: bestDepth, width: w, height: h)
        for k in own.indices where own[k] && !mask[k] { own[k] = false }
        own = grow(own.indices.filter { own[$0] }, by: 2, width: w, height: h)
        return (e.box, own, (cx, cy))
      }
  }

  /// `pixels` (indices into a `width` × `height` frame) grown by `r` pixels
  /// each way, as a frame-sized mask. `diamond`: within r steps across and
  /// down together (what wearing away by 4-neighbours removes).
  static func grow(_ pixels: [Int], by r: Int, width w: Int, height h: Int, diamond: Bool = false)
    -> [Bool]
  {
    var m = [Bool](repeating: false, count: w * h)
    for p in pixels {
      let x = p % w
      let y = p / w
      for yy in max(0, y - r)...min(h - 1, y + r) {
        let span = diamond ? r - abs(yy - y) : r
        for xx in max(0, x - span)...min(w - 1, x + span) { m[yy * w + xx] = true }
      }
    }
    return m
  }

  /// A connected area of changed pixels.
  struct Area {
    var count: Int
    var box: FrameRegion
    var pixels: [Int]
  }

  /// Grey levels (at least; or twice the change level) by which a pixel
  /// must change to count towards where an element is centred.
  public static let strongLevel = 40

  /// Pixels worn away at most from each changed area's edge to split it,
  /// in a frame up to `erosionReferenceWidth` wide (scaled with the width
  /// beyond it).
  public static let maximumErosion = 12
  /// The frame width (pixels) `maximumErosion` is for: a phone's screen
  /// (about 393 pt wide) recorded at 0.6 px/pt; the depth grows with the
  /// width beyond it (59 px for a 1180 px recording at 3×).
  public static let erosionReferenceWidth = 240

  /// Each pixel's city-block distance (4-neighbour steps) to the nearest
  /// pixel outside `mask` or beyond the frame's edge; 0 outside `mask`.
  static func cityBlockDistance(_ mask: [Bool], width w: Int, height h: Int) -> [Int32] {
    var d = [Int32](repeating: 0, count: w * h)
    // why: two raster passes give the exact city-block distance
    for y in 0..<h {
      for x in 0..<w where mask[y * w + x] {
        let up = y > 0 ? d[(y - 1) * w + x] : 0
        let left = x > 0 ? d[y * w + x - 1] : 0
        d[y * w + x] = min(up, left) + 1
      }
    }
    for y in stride(from: h - 1, through: 0, by: -1) {
      for x in stride(from: w - 1, through: 0, by: -1) where mask[y * w + x] {
        let down = y < h - 1 ? d[(y + 1) * w + x] : 0
        let right = x < w - 1 ? d[y * w + x + 1] : 0
        d[y * w + x] = min(d[y * w + x], min(down, right) + 1)
      }
    }
    return d
  }

  /// The connected areas (4-neighbours) of the pixels of `candidates` whose
  /// `distance` exceeds `depth` (the mask worn away `depth` times), holding
  /// at least `minimumShareOfLargest` of the largest one's pixels, largest
  /// first, each box padded by `pad` pixels; only those pixels are visited.
  static func areas(
    _ candidates: [Int], above depth: Int32, distance: [Int32], width w: Int, height h: Int,
    pad: Int
  ) -> [Area] {
    var seen = [Bool](repeating: false, count: w * h)
    var out: [Area] = []
    var stack: [Int] = []
    for s in candidates where distance[s] > depth && !seen[s] {
      seen[s] = true
      stack = [s]
      var box = (w, h, -1, -1)
      var pixels: [Int] = []
      while let p = stack.popLast() {
        let x = p % w
        let y = p / w
        pixels.append(p)
        box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        where nx >= 0 && ny >= 0 && nx < w && ny < h {
          let q = ny * w + nx
          if distance[q] > depth && !seen[q] {
            seen[q] = true
            stack.append(q)
          }
        }
      }
      guard pixels.count >= MotionFinder.minimumChangedPixels else { continue }
      out.append(area(pixels, box: box, pad: pad, width: w, height: h))
    }
    return largestShare(out)
  }

  /// An area of `pixels` whose box (x0, y0, x1, y1) is padded by `pad`
  /// pixels, kept inside the frame.
  static func area(
    _ pixels: [Int], box: (Int, Int, Int, Int), pad: Int, width w: Int, height h: Int
  )
    -> Area
  {
    let x0 = max(0, box.0 - pad)
    let y0 = max(0, box.1 - pad)
    let x1 = min(w - 1, box.2 + pad)
    let y1 = min(h - 1, box.3 + pad)
    return Area(
      count: pixels.count,
      box: FrameRegion(
        x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1)),
      pixels: pixels)
  }

  /// `out` largest first, keeping those with at least
  /// `minimumShareOfLargest` of the largest one's pixels.
  static func largestShare(_ out: [Area]) -> [Area] {
    let sorted = out.sorted { $0.count > $1.count }
    guard let largest = sorted.first?.count else { return [] }
    return sorted.filter { Double($0.count) >= minimumShareOfLargest * Double(largest) }
  }
}
