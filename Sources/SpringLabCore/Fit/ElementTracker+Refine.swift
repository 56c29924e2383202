import Foundation

// why: the sub-pixel refinement (Gauss–Newton on the pixels) is a concern of
// its own beside the tracker's search
extension ElementTracker {
  /// The sub-pixel offset (px) of the element from template `t` placed at
  /// top-left (tlx, tly) of `img`, from a first guess `d0` (the parabolas):
  /// Gauss–Newton on Σw·(I(p + d) − a·T(p) − b)², the image interpolated
  /// (Keys cubic), gain a (an element fading in) and offset b free, at most
  /// `refineIterations` steps; nil when the window has no 3 px margin in
  /// `img`, the steps leave ±1 px or the equations are singular (the
  /// parabolas' offset then stands).
  ///
  /// why: a parabola through three scores is not the score's shape (edges
  /// make the peak pointed), so it pulls centres towards whole pixels: on a
  /// still element up to 0.042 px (rms 0.013…0.030), refined 0.036 (rms
  /// 0.009…0.023; `TrackerAccuracyTests`). Only the image is interpolated,
  /// with a cubic: moving the template too, or both by half (bilinear),
  /// blurred them unlike each other and pushed the centre as far the other way
  static func refine(
    _ img: FloatImage, _ t: Template, _ tlx: Int, _ tly: Int, from d0: (x: Double, y: Double)
  ) -> (x: Double, y: Double)? {
    let tw = t.width
    let th = t.height
    guard tw >= 5, th >= 5, tlx >= 3, tly >= 3, tlx + tw + 3 <= img.width,
      tly + th + 3 <= img.height
    else { return nil }
    var d = d0
    var rows = [Float](repeating: 0, count: tw * (th + 3))
    var si = [Float](repeating: 0, count: tw * th)
    let c = img.data[(tly + th / 2) * img.width + tlx + tw / 2]
    // Keys' cubic convolution (a = −0.5): the taps at −1, 0, 1, 2 for a fraction f
    func keys(_ f: Float) -> (Float, Float, Float, Float) {
      let f2 = f * f
      let f3 = f2 * f
      return (
        -0.5 * f3 + f2 - 0.5 * f, 1.5 * f3 - 2.5 * f2 + 1, -1.5 * f3 + 2 * f2 + 0.5 * f,
        0.5 * f3 - 0.5 * f2
      )
    }
    for _ in 0..<refineIterations {
      // the window of the image at p + d: rows first, then columns
      let ix = Int(d.x.rounded(.down))
      let iy = Int(d.y.rounded(.down))
      let (x0, x1, x2, x3) = keys(Float(d.x - Double(ix)))
      let (y0, y1, y2, y3) = keys(Float(d.y - Double(iy)))
      img.data.withUnsafeBufferPointer { src in
        for j in 0..<(th + 3) {
          let r = (tly + j + iy - 1) * img.width + tlx + ix
          for i in 0..<tw {
            let k = r + i
            rows[j * tw + i] =
              x0 * src[k - 1] + x1 * src[k] + x2 * src[k + 1] + x3 * src[k + 2] - c
          }
        }
      }
      for j in 0..<th {
        for i in 0..<tw {
          let k = j * tw + i
          si[k] = y0 * rows[k] + y1 * rows[k + tw] + y2 * rows[k + 2 * tw] + y3 * rows[k + 3 * tw]
        }
      }
      // normal equations of I ≈ a·T + b − e·∇I for (a, b, ex, ey)
      var m = [Double](repeating: 0, count: 16)
      var rhs = [Double](repeating: 0, count: 4)
      for j in 1..<(th - 1) {
        var acc = [Float](repeating: 0, count: 14)
        for i in 1..<(tw - 1) {
          let k = j * tw + i
          let w = t.weights[k]
          let T = t.centred[k]
          let I = si[k]
          let u2 = -0.5 * (si[k + 1] - si[k - 1])
          let u3 = -0.5 * (si[k + tw] - si[k - tw])
          acc[0] += w * T * T
          acc[1] += w * T
          acc[2] += w * T * u2
          acc[3] += w * T * u3
          acc[4] += w
          acc[5] += w * u2
          acc[6] += w * u3
          acc[7] += w * u2 * u2
          acc[8] += w * u2 * u3
          acc[9] += w * u3 * u3
          acc[10] += w * T * I
          acc[11] += w * I
          acc[12] += w * u2 * I
          acc[13] += w * u3 * I
        }
        for (n, q) in [0, 1, 2, 3, 5, 6, 7, 10, 11, 15].enumerated() { m[q] += Double(acc[n]) }
        for n in 0..<4 { rhs[n] += Double(acc[10 + n]) }
      }
      // symmetric: the lower triangle
      m[4] = m[1]
      m[8] = m[2]
      m[9] = m[6]
      m[12] = m[3]
      m[13] = m[7]
      m[14] = m[11]
      guard let s = solve4(m, rhs), s[2].isFinite, s[3].isFinite else { return nil }
      d = (d.x + s[2], d.y + s[3])
      guard abs(d.x) <= 1, abs(d.y) <= 1 else { return nil }
      if abs(s[2]) < 1e-3 && abs(s[3]) < 1e-3 { break }
    }
    return d
  }

  /// A refined centre further than this (px, on either axis) from the
  /// parabolas' is not taken.
  /// why: the parabolas' pull is under 0.05 px on still elements; a
  /// refinement that moves the centre further is matching the template to
  /// pixels of another shape (an element blurred or deformed in fast
  /// motion, a size between two steps). Measured on the golden clips: no
  /// bound sends the bubble's 30 fps response from +0.25 % to +2.5 %
  static let refineReach = 0.1

  /// Gauss–Newton steps of `refine` at most.
  static let refineIterations = 4

  /// Solves the 4 × 4 system m·x = r (row-major) by elimination with
  /// partial pivoting; nil when singular.
  static func solve4(_ m0: [Double], _ r0: [Double]) -> [Double]? {
    var m = m0
    var r = r0
    for col in 0..<4 {
      let p = (col..<4).max { abs(m[$0 * 4 + col]) < abs(m[$1 * 4 + col]) }!
      guard abs(m[p * 4 + col]) > 1e-12 else { return nil }
      if p != col {
        for k in 0..<4 { m.swapAt(p * 4 + k, col * 4 + k) }
        r.swapAt(p, col)
      }
      for row in (col + 1)..<4 {
        let f = m[row * 4 + col] / m[col * 4 + col]
        for k in col..<4 { m[row * 4 + k] -= f * m[col * 4 + k] }
        r[row] -= f * r[col]
      }
    }
    var x = [Double](repeating: 0, count: 4)
    for row in stride(from: 3, through: 0, by: -1) {
      var s = r[row]
      for k in (row + 1)..<4 { s -= m[row * 4 + k] * x[k] }
      x[row] = s / m[row * 4 + row]
    }
    return x
  }
}
