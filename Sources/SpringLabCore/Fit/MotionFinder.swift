import Foundation

/// Finds motion in grey frames from pixel differences alone: when something
/// starts moving, and which element it is when no region is given.
public enum MotionFinder {
  /// A pixel "changes" between frames when its grey level moves by more than
  /// this many levels, or by 4 × the frame-to-frame noise, whichever is larger.
  public static let changeLevel = 12
  /// A frame "moves" when at least this many pixels change (and at least
  /// 3 × the typical count, so sensor or compression noise does not count).
  public static let minimumChangedPixels = 6

  /// Changed-pixel count between consecutive frames inside `rect` (whole frame when nil).
  static func changeCounts(_ frames: [GreyFrame], in rect: FrameRegion?, level: Int) -> [Int] {
    guard frames.count > 1 else { return [] }
    let w = frames[0].width
    let h = frames[0].height
    let x0 = max(0, Int((rect?.x ?? 0).rounded(.down)))
    let y0 = max(0, Int((rect?.y ?? 0).rounded(.down)))
    let x1 = min(w, Int(((rect.map { $0.x + $0.width }) ?? Double(w)).rounded(.up)))
    let y1 = min(h, Int(((rect.map { $0.y + $0.height }) ?? Double(h)).rounded(.up)))
    guard x1 > x0, y1 > y0 else { return [Int](repeating: 0, count: frames.count - 1) }
    var counts: [Int] = []
    for i in 1..<frames.count {
      var c = 0
      frames[i - 1].pixels.withUnsafeBufferPointer { a in
        frames[i].pixels.withUnsafeBufferPointer { b in
          for y in y0..<y1 {
            let row = y * w
            for x in x0..<x1 where abs(Int(a[row + x]) - Int(b[row + x])) > level { c += 1 }
          }
        }
      }
      counts.append(c)
    }
    return counts
  }

  /// The grey-level step that counts as a change: `changeLevel`, raised on
  /// noisy video to 4 × the median absolute frame difference / 0.6745.
  static func level(_ frames: [GreyFrame]) -> Int {
    guard frames.count > 1 else { return changeLevel }
    var hist = [Int](repeating: 0, count: 256)
    let a = frames[0].pixels
    let b = frames[1].pixels
    var k = 0
    while k < a.count {
      hist[abs(Int(a[k]) - Int(b[k]))] += 1
      k += 7
    }
    let total = hist.reduce(0, +)
    var acc = 0
    var median = 0
    for (v, c) in hist.enumerated() {
      acc += c
      if acc * 2 >= total {
        median = v
        break
      }
    }
    return max(changeLevel, Int((4 * Double(median) / 0.6745).rounded(.up)))
  }

  /// Index of the last still frame before the first change inside `rect`,
  /// looking only at frames up to `limit`; nil when nothing changes.
  public static func lastStillFrame(
    _ frames: [GreyFrame], in rect: FrameRegion?, upTo limit: Int? = nil
  )
    -> Int?
  {
    let end = min(frames.count, (limit ?? frames.count - 1) + 1)
    guard end > 1 else { return nil }
    let slice = Array(frames[0..<end])
    let counts = changeCounts(slice, in: rect, level: level(frames))
    let typical = counts.sorted()[counts.count / 2]
    let need = max(minimumChangedPixels, 3 * typical)
    guard let i = counts.firstIndex(where: { $0 >= need }) else { return nil }
    return i
  }

  /// The largest moving blob: the connected region of pixels that differ
  /// from the last still frame both halfway through the clip and in its last
  /// frame — where the element was before it moved (its later positions differ
  /// from one of those frames only). Returns the frame index it is marked on
  /// (the last still frame) and its bounding box padded by 2 px; nil when
  /// nothing moves.
  public static func largestMovingBlob(_ frames: [GreyFrame]) -> (index: Int, region: FrameRegion)?
  {
    guard let still = lastStillFrame(frames, in: nil) else { return nil }
    let lv = level(frames)
    let a = frames[still]
    let b = frames[(still + frames.count) / 2]
    let c = frames[frames.count - 1]
    let w = a.width
    let h = a.height
    var mask = [Bool](repeating: false, count: w * h)
    for k in 0..<(w * h) {
      let pa = Int(a.pixels[k])
      if abs(pa - Int(b.pixels[k])) > lv && abs(pa - Int(c.pixels[k])) > lv { mask[k] = true }
    }
    // why: bridge the crescents at the leading and trailing edges of a moving shape
    var grown = mask
    for y in 0..<h {
      for x in 0..<w where mask[y * w + x] {
        for dy in -2...2 {
          for dx in -2...2 {
            let xx = x + dx
            let yy = y + dy
            if xx >= 0, yy >= 0, xx < w, yy < h { grown[yy * w + xx] = true }
          }
        }
      }
    }
    var label = [Int32](repeating: 0, count: w * h)
    var bestCount = 0
    var bestBox = (0, 0, 0, 0)
    var next: Int32 = 0
    var stack: [Int] = []
    for start in 0..<(w * h) where grown[start] && label[start] == 0 {
      next += 1
      label[start] = next
      stack = [start]
      var count = 0
      var box = (w, h, -1, -1)
      while let p = stack.popLast() {
        let x = p % w
        let y = p / w
        if mask[p] {
          count += 1
          box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        }
        for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        where nx >= 0 && ny >= 0 && nx < w && ny < h {
          let q = ny * w + nx
          if grown[q] && label[q] == 0 {
            label[q] = next
            stack.append(q)
          }
        }
      }
      if count > bestCount {
        bestCount = count
        bestBox = box
      }
    }
    guard bestCount >= minimumChangedPixels else { return nil }
    let x0 = max(0, bestBox.0 - 2)
    let y0 = max(0, bestBox.1 - 2)
    let x1 = min(w - 1, bestBox.2 + 2)
    let y1 = min(h - 1, bestBox.3 + 2)
    return (
      still,
      FrameRegion(
        x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1))
    )
  }
}
