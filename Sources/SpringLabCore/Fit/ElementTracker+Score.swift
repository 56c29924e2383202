import Foundation

// why: scoring one placement of a template (its correlation, its contrast)
// is a concern of its own beside the search that calls it frame by frame
extension ElementTracker {
  /// NCC of `t` with `img` at top-left (x, y), −1…1; −2 when outside the image.
  static func ncc(_ img: FloatImage, _ t: Template, _ x: Int, _ y: Int) -> Float {
    guard x >= 0, y >= 0, x + t.width <= img.width, y + t.height <= img.height, t.norm > 0 else {
      return -2
    }
    // why: the variance is Σw·v² − (Σw·v)²/Σw; summed about 0 in Float, a
    // light, faint window (an item fading in over a light background) loses
    // it to cancellation and scores far above 1 (4.1 on a faint copy, 1.3987
    // on a menu). Taken about a grey level of the window (its centre pixel),
    // in Float along a row and in Double across rows, it keeps ~6 digits
    let c = img.data[(y + t.height / 2) * img.width + x + t.width / 2]
    var sum = 0.0
    var sum2 = 0.0
    var cross = 0.0
    img.data.withUnsafeBufferPointer { d in
      t.values.withUnsafeBufferPointer { tv in
        t.weights.withUnsafeBufferPointer { tw in
          // why: eight lanes at a time (the compiler keeps Float sums in
          // order, one lane); this loop is most of a fit's time
          let lanes = t.width / 8 * 8
          let cv = SIMD8<Float>(repeating: c)
          for j in 0..<t.height {
            let row = d.baseAddress! + (y + j) * img.width + x
            let trow = j * t.width
            let vrow = tv.baseAddress! + trow
            let wrow = tw.baseAddress! + trow
            var vs = SIMD8<Float>()
            var vs2 = SIMD8<Float>()
            var vc = SIMD8<Float>()
            var i = 0
            while i < lanes {
              let v = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD8<Float>.self) - cv
              let w = UnsafeRawPointer(wrow + i).loadUnaligned(as: SIMD8<Float>.self)
              let tvv = UnsafeRawPointer(vrow + i).loadUnaligned(as: SIMD8<Float>.self)
              let wv = w * v
              vs += wv
              vs2 += wv * v
              vc += v * tvv
              i += 8
            }
            var rs = vs.sum()
            var rs2 = vs2.sum()
            var rc = vc.sum()
            while i < t.width {
              let v = row[i] - c
              let w = wrow[i]
              rs += w * v
              rs2 += w * v * v
              rc += v * vrow[i]
              i += 1
            }
            sum += Double(rs)
            sum2 += Double(rs2)
            cross += Double(rc)
          }
        }
      }
    }
    let n = Double(t.weightSum)
    let varI = sum2 - sum * sum / n
    guard varI > 1e-3 else { return 0 }
    // why: what rounding is left may still put a perfect match a hair past ±1
    return Float(max(-1, min(1, cross / (varI.squareRoot() * Double(t.norm)))))
  }

  /// Weighted standard deviation of `img` under template `t` placed at
  /// top-left (x, y), grey levels; 0 when outside the image.
  static func contrast(_ img: FloatImage, _ t: Template, _ x: Int, _ y: Int) -> Float {
    guard x >= 0, y >= 0, x + t.width <= img.width, y + t.height <= img.height, t.weightSum > 0
    else { return 0 }
    // why: in Double about the centre pixel, as in `ncc` (cancellation)
    let c = Double(img.data[(y + t.height / 2) * img.width + x + t.width / 2])
    var sum = 0.0
    var sum2 = 0.0
    for j in 0..<t.height {
      let row = (y + j) * img.width + x
      for i in 0..<t.width {
        let v = Double(img.data[row + i]) - c
        let w = Double(t.weights[j * t.width + i])
        sum += w * v
        sum2 += w * v * v
      }
    }
    let n = Double(t.weightSum)
    let mean = sum / n
    return Float(max(0, sum2 / n - mean * mean).squareRoot())
  }
}
