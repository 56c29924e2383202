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

  /// A 3×3 box blur of `f` inside `rect` (padded by 1 px; elsewhere
  /// unchanged): pixel noise drops threefold while shapes stay.
  static func blurred(_ f: GreyFrame, in rect: FrameRegion?) -> GreyFrame {
    let w = f.width
    let h = f.height
    let x0 = max(1, Int((rect?.x ?? 0).rounded(.down)) - 1)
    let y0 = max(1, Int((rect?.y ?? 0).rounded(.down)) - 1)
    let x1 = min(w - 1, Int(((rect.map { $0.x + $0.width }) ?? Double(w)).rounded(.up)) + 1)
    let y1 = min(h - 1, Int(((rect.map { $0.y + $0.height }) ?? Double(h)).rounded(.up)) + 1)
    guard x1 > x0, y1 > y0 else { return f }
    var out = f.pixels
    out.withUnsafeMutableBufferPointer { o in
      blur(f, x0: x0, y0: y0, x1: x1, y1: y1, into: o.baseAddress! + y0 * w + x0, stride: w)
    }
    return GreyFrame(width: w, height: h, pts: f.pts, pixels: out)
  }

  /// The 3×3 box blur of `f` at every pixel of x0..<x1, y0..<y1 (inside the
  /// frame's 1 px border), written from `out` (pixel x0, y0) on, `stride`
  /// bytes a row.
  /// why: summed as rows of three, then three rows (the same integer sum as
  /// nine reads, in a third of the work: phone-sized frames are 2.5 M pixels)
  static func blur(
    _ f: GreyFrame, x0: Int, y0: Int, x1: Int, y1: Int, into out: UnsafeMutablePointer<UInt8>,
    stride: Int
  ) {
    let w = f.width
    let span = x1 - x0
    guard span > 0, y1 > y0 else { return }
    // rows y−1, y, y+1 summed across, kept in a ring of three
    var ring = [Int32](repeating: 0, count: 3 * span)
    f.pixels.withUnsafeBufferPointer { s in
      ring.withUnsafeMutableBufferPointer { r in
        // why: wrapping adds (three bytes cannot overflow an Int32): the
        // overflow checks cost as much as the sums
        func sumRow(_ y: Int, into slot: Int) {
          let src = s.baseAddress! + (y * w + x0)
          let dst = r.baseAddress! + slot * span
          for i in 0..<span {
            dst[i] = Int32(src[i - 1]) &+ Int32(src[i]) &+ Int32(src[i + 1])
          }
        }
        sumRow(y0 - 1, into: (y0 - 1) % 3)
        sumRow(y0, into: y0 % 3)
        for y in y0..<y1 {
          sumRow(y + 1, into: (y + 1) % 3)
          let a = ((y - 1) % 3) * span
          let b = (y % 3) * span
          let c = ((y + 1) % 3) * span
          let row = out + (y - y0) * stride
          for i in 0..<span {
            row[i] = UInt8(truncatingIfNeeded: (r[a + i] &+ r[b + i] &+ r[c + i] &+ 4) / 9)
          }
        }
      }
    }
  }

  /// Writes `f`'s pixels in x0..<x1, y0..<y1 as `blurred(f, in:)` gives
  /// them (the frame's 1 px border unblurred) to `o`, row-major.
  static func blurBox(
    _ f: GreyFrame, x0: Int, y0: Int, x1: Int, y1: Int, into o: UnsafeMutableBufferPointer<UInt8>
  ) {
    let w = f.width
    let h = f.height
    let bw = x1 - x0
    f.pixels.withUnsafeBufferPointer { s in
      for y in y0..<y1 {
        if y == 0 || y == h - 1 {
          for x in x0..<x1 { o[(y - y0) * bw + x - x0] = s[y * w + x] }
          continue
        }
        if x0 == 0 { o[(y - y0) * bw] = s[y * w] }
        if x1 == w { o[(y - y0) * bw + w - 1 - x0] = s[y * w + w - 1] }
      }
    }
    let (ix0, iy0) = (max(1, x0), max(1, y0))
    blur(
      f, x0: ix0, y0: iy0, x1: min(w - 1, x1), y1: min(h - 1, y1),
      into: o.baseAddress! + (iy0 - y0) * bw + ix0 - x0, stride: bw)
  }

  /// The pixels `rect` touches (whole pixels, clipped to the frame; the
  /// whole frame when nil) as x0..<x1, y0..<y1; empty when it lies outside.
  static func pixelBox(_ rect: FrameRegion?, width w: Int, height h: Int) -> (
    Int, Int, Int, Int
  ) {
    (
      max(0, Int((rect?.x ?? 0).rounded(.down))), max(0, Int((rect?.y ?? 0).rounded(.down))),
      min(w, Int(((rect.map { $0.x + $0.width }) ?? Double(w)).rounded(.up))),
      min(h, Int(((rect.map { $0.y + $0.height }) ?? Double(h)).rounded(.up)))
    )
  }

  /// Changed-pixel count between consecutive frames inside `rect` (whole frame when nil).
  static func changeCounts(_ frames: [GreyFrame], in rect: FrameRegion?, level: Int) -> [Int] {
    var spread = ChangeSpread(width: 0, height: 0)
    return changeCounts(frames, in: rect, level: level, spread: &spread)
  }

  /// Where the changed pixels of all consecutive pairs lie: a histogram of
  /// their columns and one of their rows.
  struct ChangeSpread {
    var columns: [Int]
    var rows: [Int]
    init(width: Int, height: Int) {
      columns = [Int](repeating: 0, count: width)
      rows = [Int](repeating: 0, count: height)
    }

    /// The share of the frame (0…1) covered by the box holding the middle
    /// 90 % of the changed pixels across and down (0 when none changed).
    var share: Double {
      func span(_ h: [Int]) -> Double {
        let total = h.reduce(0, +)
        guard total > 0 else { return 0 }
        var acc = 0
        var lo = 0
        var hi = h.count - 1
        for (i, c) in h.enumerated() {
          acc += c
          if acc * 20 >= total {
            lo = i
            break
          }
        }
        acc = 0
        for (i, c) in h.enumerated().reversed() {
          acc += c
          if acc * 20 >= total {
            hi = i
            break
          }
        }
        return Double(max(0, hi - lo + 1)) / Double(h.count)
      }
      return span(columns) * span(rows)
    }
  }

  /// `changeCounts`, adding where the changes lie to `spread` (when it is
  /// frame-sized).
  static func changeCounts(
    _ frames: [GreyFrame], in rect: FrameRegion?, level: Int, spread: inout ChangeSpread
  ) -> [Int] {
    guard frames.count > 1 else { return [] }
    let w = frames[0].width
    let h = frames[0].height
    let (x0, y0, x1, y1) = pixelBox(rect, width: w, height: h)
    guard x1 > x0, y1 > y0 else { return [Int](repeating: 0, count: frames.count - 1) }
    let tally = spread.columns.count == w && spread.rows.count == h
    var counts: [Int] = []
    for i in 1..<frames.count {
      var c = 0
      frames[i - 1].pixels.withUnsafeBufferPointer { a in
        frames[i].pixels.withUnsafeBufferPointer { b in
          for y in y0..<y1 {
            let row = y * w
            let before = c
            for x in x0..<x1 where abs(Int(a[row + x]) - Int(b[row + x])) > level {
              c += 1
              if tally { spread.columns[x] += 1 }
            }
            if tally { spread.rows[y] += c - before }
          }
        }
      }
      counts.append(c)
    }
    return counts
  }

  /// The grey-level step that counts as a change: `changeLevel`, raised on
  /// noisy video to the typical 99th percentile of the (blurred) differences
  /// between consecutive frames, over up to 12 pairs spread through the clip.
  static func level(_ frames: [GreyFrame]) -> Int {
    guard frames.count > 1 else { return changeLevel }
    let pairs = min(12, frames.count - 1)
    var p99s: [Int] = []
    let w = frames[0].width
    let h = frames[0].height
    // why: only every third pixel is counted, so only those are blurred
    func blurredAt(_ s: UnsafeBufferPointer<UInt8>, _ q: Int) -> Int {
      let x = q % w
      let y = q / w
      guard x > 0, y > 0, x < w - 1, y < h - 1 else { return Int(s[q]) }
      let u = q - w
      let d = q + w
      let up = Int(s[u - 1]) + Int(s[u]) + Int(s[u + 1])
      let mid = Int(s[q - 1]) + Int(s[q]) + Int(s[q + 1])
      let down = Int(s[d - 1]) + Int(s[d]) + Int(s[d + 1])
      return (up + mid + down + 4) / 9
    }
    for k in 0..<pairs {
      let i = k * (frames.count - 1) / pairs
      var hist = [Int](repeating: 0, count: 256)
      var n = 0
      frames[i].pixels.withUnsafeBufferPointer { a in
        frames[i + 1].pixels.withUnsafeBufferPointer { b in
          var q = 0
          while q < a.count {
            hist[abs(blurredAt(a, q) - blurredAt(b, q))] += 1
            n += 1
            q += 3
          }
        }
      }
      var acc = 0
      for (v, c) in hist.enumerated() {
        acc += c
        if acc * 100 >= n * 99 {
          p99s.append(v)
          break
        }
      }
    }
    p99s.sort()
    return max(changeLevel, p99s[p99s.count / 2] + 2)
  }

  /// Index of the last still frame before the first change inside `rect`
  /// that the next frame continues,
  /// looking only at frames up to `limit`; nil when nothing changes.
  /// `level`: the clip's change level when already known (`level(_:)`).
  public static func lastStillFrame(
    _ frames: [GreyFrame], in rect: FrameRegion?, upTo limit: Int? = nil, level known: Int? = nil
  )
    -> Int?
  {
    let end = min(frames.count, (limit ?? frames.count - 1) + 1)
    guard end > 1 else { return nil }
    let lv = known ?? level(frames)
    let w = frames[0].width
    let h = frames[0].height
    // why: the box `changeCounts` reads, blurred frame by frame without
    // copying whole frames (an item's box is a few thousand of a phone
    // frame's 2.5 M pixels)
    let (x0, y0, x1, y1) = pixelBox(rect, width: w, height: h)
    guard x1 > x0, y1 > y0 else { return firstMotion([Int](repeating: 0, count: end - 1)) }
    var counts: [Int] = []
    let n = (x1 - x0) * (y1 - y0)
    let step = Int16(clamping: lv)
    // why: two buffers reused (a fresh 2.5 MB array a frame is mostly the
    // kernel zeroing pages)
    var before = [UInt8](repeating: 0, count: n)
    var now = [UInt8](repeating: 0, count: n)
    before.withUnsafeMutableBufferPointer {
      blurBox(frames[0], x0: x0, y0: y0, x1: x1, y1: y1, into: $0)
    }
    for i in 1..<end {
      var c = 0
      now.withUnsafeMutableBufferPointer { b in
        blurBox(frames[i], x0: x0, y0: y0, x1: x1, y1: y1, into: b)
        before.withUnsafeBufferPointer { a in
          // why: wrapping and branch-free, so the loop runs in wide registers
          for q in 0..<n {
            let d = Int16(b[q]) &- Int16(a[q])
            c &+= d > step || d < -step ? 1 : 0
          }
        }
      }
      counts.append(c)
      swap(&before, &now)
    }
    return firstMotion(counts)
  }

  /// The index before the first pair of frames whose change count stands out
  /// (see `lastStillFrame`); nil when none does.
  static func firstMotion(_ counts: [Int]) -> Int? {
    guard !counts.isEmpty else { return nil }
    let typical = counts.sorted()[counts.count / 2]
    let need = max(minimumChangedPixels, 3 * typical)
    // why: a motion changes pixels in consecutive frames; a single burst is
    // compression or sensor noise
    guard
      let i = counts.indices.first(where: {
        counts[$0] >= need && ($0 + 1 >= counts.count || counts[$0 + 1] >= need)
      })
    else { return nil }
    return i
  }

  /// The largest moving blob: the connected region of pixels that differ
  /// from the last still frame both halfway through the clip and in its last
  /// frame — where the element was before it moved (its later positions differ
  /// from one of those frames only). Returns the frame index it is marked on
  /// (the last still frame), its bounding box padded by 2 px, and the share
  /// of the frame (0…1) the changes between consecutive frames span (the
  /// box of their middle 90 % across and down: one element moving keeps
  /// them together, grain and compression noise spread them over the frame);
  /// nil when nothing moves.
  public static func largestMovingBlob(_ frames: [GreyFrame]) -> (
    index: Int, region: FrameRegion, spread: Double
  )? {
    guard frames.count > 1 else { return nil }
    let lv = level(frames)
    var spread = ChangeSpread(width: frames[0].width, height: frames[0].height)
    let counts = changeCounts(
      frames.map { blurred($0, in: nil) }, in: nil, level: lv, spread: &spread)
    guard let still = firstMotion(counts) else { return nil }
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
        x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1)),
      spread.share
    )
  }

  /// Which pixels of `region` on `frames[index]` belong to the element: those
  /// that differ (by more than the change level) from the same pixel in at
  /// least 10 % of the frames, as the element moves off them. The background
  /// it merely passes over changes in only a few frames. Grown by a twentieth of
  /// the region (at least 1 px) to take in the element's outline. Frame-sized; nil
  /// when fewer than a quarter of the region's pixels qualify (then the whole
  /// region is used).
  public static func elementMask(_ frames: [GreyFrame], region: FrameRegion, at index: Int)
    -> [Bool]?
  {
    guard frames.indices.contains(index), frames.count >= 3 else { return nil }
    let f = frames[index]
    let w = f.width
    let x0 = max(0, Int(region.x.rounded(.down)))
    let y0 = max(0, Int(region.y.rounded(.down)))
    let x1 = min(w, Int((region.x + region.width).rounded(.up)))
    let y1 = min(f.height, Int((region.y + region.height).rounded(.up)))
    guard x1 > x0, y1 > y0 else { return nil }
    let lv = level(frames)
    var counts = [Int](repeating: 0, count: (x1 - x0) * (y1 - y0))
    for other in frames {
      other.pixels.withUnsafeBufferPointer { o in
        f.pixels.withUnsafeBufferPointer { a in
          for y in y0..<y1 {
            for x in x0..<x1 where abs(Int(a[y * w + x]) - Int(o[y * w + x])) > lv {
              counts[(y - y0) * (x1 - x0) + (x - x0)] += 1
            }
          }
        }
      }
    }
    let need = max(2, frames.count / 10)
    var mask = [Bool](repeating: false, count: w * f.height)
    var n = 0
    for y in y0..<y1 {
      for x in x0..<x1 where counts[(y - y0) * (x1 - x0) + (x - x0)] >= need {
        mask[y * w + x] = true
        n += 1
      }
    }
    guard n * 4 >= counts.count else { return nil }
    // why: grown so the element's outline (its contrast with what is around
    // it) is part of the template, at every pyramid level: a flat-coloured
    // element alone has nothing to correlate
    let g = max(1, Int(min(region.width, region.height) / 20))
    let rw = x1 - x0
    let rh = y1 - y0
    var local = [Bool](repeating: false, count: rw * rh)
    for y in 0..<rh { for x in 0..<rw { local[y * rw + x] = mask[(y + y0) * w + x + x0] } }
    var across = local
    for y in 0..<rh {
      for x in 0..<rw where local[y * rw + x] {
        for xx in max(0, x - g)...min(rw - 1, x + g) { across[y * rw + xx] = true }
      }
    }
    var grown = mask
    for y in 0..<rh {
      for x in 0..<rw where across[y * rw + x] {
        for yy in max(0, y - g)...min(rh - 1, y + g) { grown[(yy + y0) * w + x + x0] = true }
      }
    }
    return grown
  }
}
