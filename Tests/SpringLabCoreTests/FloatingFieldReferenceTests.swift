import Foundation
import Testing

@testable import SpringLabCore

/// The floating field's collision pass is tuned (runs of slots, partners
/// tested without branching); this is the same algorithm written plainly —
/// move, stable sort by grid cell, then for each body in storage order the
/// partners after it in its own and the next cell, then in the three cells
/// below — and the two must agree bit for bit.
@Suite("Floating field: the tuned pass equals a plain one")
struct FloatingFieldReferenceTests {
  struct Plain {
    var bodies: [FloatingField.Body]
    var ids: [Int]
    let width, height, restitution: Double
    var work = 0

    init(count: Int, radius r: Double, speed: Double, restitution: Double, w: Double, h: Double) {
      var rng = SplitMix(seed: 1 &+ UInt64(count))
      bodies = (0..<count).map { _ in
        let x = r + rng.unit() * max(0, w - 2 * r)
        let y = r + rng.unit() * max(0, h - 2 * r)
        let a = rng.unit() * 2 * .pi
        return FloatingField.Body(x: x, y: y, vx: speed * cos(a), vy: speed * sin(a), r: r)
      }
      ids = Array(0..<count)
      (width, height, self.restitution) = (w, h, restitution)
    }

    mutating func step(dt: Double) {
      let n = bodies.count
      let e = restitution
      for i in 0..<n {
        var b = bodies[i]
        b.x += b.vx * dt
        b.y += b.vy * dt
        if b.x < b.r {
          (b.x, b.vx) = (b.r, abs(b.vx) * e)
        } else if b.x > width - b.r {
          (b.x, b.vx) = (width - b.r, -abs(b.vx) * e)
        }
        if b.y < b.r {
          (b.y, b.vy) = (b.r, abs(b.vy) * e)
        } else if b.y > height - b.r {
          (b.y, b.vy) = (height - b.r, -abs(b.vy) * e)
        }
        bodies[i] = b
      }
      work = n
      guard n > 1 else { return }
      let size = max(1, 2 * bodies[0].r)
      let cols = max(1, Int(width / size) + 1)
      let rows = max(1, Int(height / size) + 1)
      func cell(_ b: FloatingField.Body) -> (x: Int, y: Int) {
        (min(cols - 1, max(0, Int(b.x / size))), min(rows - 1, max(0, Int(b.y / size))))
      }
      // a stable sort by cell (row by row), as the field keeps its storage
      let order = (0..<n).sorted {
        let (a, b) = (cell(bodies[$0]), cell(bodies[$1]))
        return (a.y, a.x, $0) < (b.y, b.x, $1)
      }
      bodies = order.map { bodies[$0] }
      ids = order.map { ids[$0] }
      let cells = bodies.map(cell)
      for i in 0..<n {
        let c = cells[i]
        for sameRow in [true, false] {
          for k in (i + 1)..<max(i + 1, n) {
            let d = cells[k]
            let partner =
              sameRow
              ? d.y == c.y && (d.x == c.x || d.x == c.x + 1)
              : d.y == c.y + 1 && abs(d.x - c.x) <= 1
            guard partner else { continue }
            work += 2
            var (a, b) = (bodies[i], bodies[k])
            Self.resolve(&a, &b, e)
            (bodies[i], bodies[k]) = (a, b)
          }
        }
      }
      work += n
    }

    static func resolve(_ a: inout FloatingField.Body, _ b: inout FloatingField.Body, _ e: Double) {
      let dx = b.x - a.x
      let dy = b.y - a.y
      let d2 = dx * dx + dy * dy
      let rr = a.r + b.r
      guard d2 < rr * rr else { return }
      let d = d2.squareRoot()
      let nx = d > 1e-9 ? dx / d : 1
      let ny = d > 1e-9 ? dy / d : 0
      let overlap = (rr - d) / 2
      a.x -= nx * overlap
      a.y -= ny * overlap
      b.x += nx * overlap
      b.y += ny * overlap
      let rel = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny
      if rel < 0 {
        let j = -(1 + e) * rel / 2
        a.vx -= j * nx
        a.vy -= j * ny
        b.vx += j * nx
        b.vy += j * ny
      }
    }

    /// Bodies in creation order.
    var inCreationOrder: [FloatingField.Body] {
      var out = bodies
      for (slot, id) in ids.enumerated() { out[id] = bodies[slot] }
      return out
    }
  }

  /// Seeded random fields, from sparse to crowded, with narrow and
  /// single-column screens among them; 240 steps (1 s) each.
  @Test func tunedAndPlainPassesAgreeBitForBit() {
    let seed: UInt64 = 20_261_201
    print("FloatingFieldReferenceTests seed=\(seed)")
    var rng = SplitMix(seed: seed)
    var fields: [(n: Int, r: Double, w: Double, h: Double)] = [
      (300, 10, 393, 852), (60, 10, 15, 900), (40, 10, 900, 15), (80, 4, 40, 40), (2, 10, 50, 50),
    ]
    for _ in 0..<12 {
      fields.append(
        (
          Int(rng.unit() * 400) + 2, 0.5 + rng.unit() * 25, 5 + rng.unit() * 700,
          5 + rng.unit() * 900
        ))
    }
    for f in fields {
      var tuned = FloatingField(
        count: f.n, radius: f.r, speed: 300, restitution: 0.9, width: f.w, height: f.h)
      var plain = Plain(count: f.n, radius: f.r, speed: 300, restitution: 0.9, w: f.w, h: f.h)
      for _ in 0..<240 {
        tuned.step(dt: 1.0 / 240)
        plain.step(dt: 1.0 / 240)
      }
      let same = zip(tuned.bodies, plain.inCreationOrder).allSatisfy {
        $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern
          && $0.vx.bitPattern == $1.vx.bitPattern && $0.vy.bitPattern == $1.vy.bitPattern
      }
      #expect(same, "seed \(seed): \(f)")
      #expect(tuned.lastStepWork == plain.work, "seed \(seed): \(f)")
    }
  }
}
