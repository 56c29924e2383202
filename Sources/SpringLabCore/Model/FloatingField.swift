import Foundation

/// Floating mode: bubbles drifting and bouncing off the screen edges and each
/// other (circle–circle collisions found with a uniform grid, not all pairs).
/// Stepped only at a fixed dt, so the state after k steps is the same on every machine.
public struct FloatingField: Sendable, Equatable {
  public struct Body: Sendable, Equatable {
    public var x, y, vx, vy, r: Double
  }

  public private(set) var bodies: [Body] = []
  public var restitution: Double
  public var width: Double
  public var height: Double

  /// `count` bubbles of radius `r` placed and aimed by a seeded generator.
  public init(
    count: Int, radius r: Double, speed: Double, restitution: Double, width: Double, height: Double,
    seed: UInt64 = 1
  ) {
    self.restitution = restitution
    self.width = width
    self.height = height
    var rng = SplitMix(seed: seed &+ UInt64(count))
    bodies.reserveCapacity(count)
    for _ in 0..<count {
      let x = r + rng.unit() * max(0, width - 2 * r)
      let y = r + rng.unit() * max(0, height - 2 * r)
      let a = rng.unit() * 2 * .pi
      bodies.append(Body(x: x, y: y, vx: speed * cos(a), vy: speed * sin(a), r: r))
    }
  }

  /// One step of `dt` seconds: move, bounce off edges, resolve overlaps.
  public mutating func step(dt: Double) {
    for i in bodies.indices {
      var b = bodies[i]
      b.x += b.vx * dt
      b.y += b.vy * dt
      if b.x < b.r {
        b.x = b.r
        b.vx = abs(b.vx) * restitution
      } else if b.x > width - b.r {
        b.x = width - b.r
        b.vx = -abs(b.vx) * restitution
      }
      if b.y < b.r {
        b.y = b.r
        b.vy = abs(b.vy) * restitution
      } else if b.y > height - b.r {
        b.y = height - b.r
        b.vy = -abs(b.vy) * restitution
      }
      bodies[i] = b
    }
    collide()
  }

  private mutating func collide() {
    guard bodies.count > 1 else { return }
    let cell = max(1, 2 * (bodies.map(\.r).max() ?? 1))
    let cols = max(1, Int(width / cell) + 1)
    let rows = max(1, Int(height / cell) + 1)
    // why: counting sort into cells keeps the grid allocation-light and ordered,
    // so collision order (and thus the result) is deterministic
    var counts = [Int](repeating: 0, count: cols * rows + 1)
    var cellOf = [Int](repeating: 0, count: bodies.count)
    for (i, b) in bodies.enumerated() {
      let cx = min(cols - 1, max(0, Int(b.x / cell)))
      let cy = min(rows - 1, max(0, Int(b.y / cell)))
      cellOf[i] = cy * cols + cx
      counts[cellOf[i] + 1] += 1
    }
    for k in 1..<counts.count { counts[k] += counts[k - 1] }
    var order = [Int](repeating: 0, count: bodies.count)
    var fill = counts
    for i in bodies.indices {
      order[fill[cellOf[i]]] = i
      fill[cellOf[i]] += 1
    }
    for i in bodies.indices {
      let c = cellOf[i]
      let cx = c % cols
      let cy = c / cols
      for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
        for nx in max(0, cx - 1)...min(cols - 1, cx + 1) {
          let nc = ny * cols + nx
          for k in counts[nc]..<counts[nc + 1] {
            let j = order[k]
            if j > i { resolve(i, j) }
          }
        }
      }
    }
  }

  private mutating func resolve(_ i: Int, _ j: Int) {
    var a = bodies[i]
    var b = bodies[j]
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
      let jImpulse = -(1 + restitution) * rel / 2
      a.vx -= jImpulse * nx
      a.vy -= jImpulse * ny
      b.vx += jImpulse * nx
      b.vy += jImpulse * ny
    }
    bodies[i] = a
    bodies[j] = b
  }
}

/// SplitMix64: a tiny seeded generator, for reproducible placement and for
/// seeded fuzzing in tests.
public struct SplitMix: RandomNumberGenerator, Sendable {
  public var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// Uniform in [0, 1).
  public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
