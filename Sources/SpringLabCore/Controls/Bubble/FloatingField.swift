import Foundation

/// Floating mode: bubbles drifting and bouncing off the screen edges and each
/// other (circle–circle collisions found with a uniform grid, not all pairs).
/// Stepped only at a fixed dt, so the state after k steps is the same on every machine.
///
/// Bodies are stored sorted by grid cell (re-sorted every step into reused
/// buffers, stable, so bodies keep their relative order within a cell) and
/// the collision pass walks them in that order: what it reads sits next to
/// each other in memory and the time per step grows linearly with the count.
/// The order is a function of the state alone, so results stay identical on
/// every machine; the trace lists bodies in creation order.
public struct FloatingField: Sendable {
  public struct Body: Sendable, Equatable {
    public var x, y, vx, vy, r: Double
  }

  /// Bodies in grid-cell order; `ids[k]` is the creation index of `slots[k]`.
  private var slots: [Body] = []
  private var ids: [Int32] = []
  /// Each slot's grid cell, and the cells' start slots (prefix sums).
  private var cellOfSlot: [Int32] = []
  private var cellStart: [Int32] = []
  // why: reused every step; allocating them per step dominated large fields
  private var spareSlots: [Body] = []
  private var spareIds: [Int32] = []
  private var spareCells: [Int32] = []
  public var restitution: Double
  public var width: Double
  public var height: Double
  /// Work of the last step: bodies moved plus pairs compared (before the
  /// first step, the expected work). Deterministic, so a caller can budget
  /// steps without a clock.
  public private(set) var lastStepWork = 0
  /// The largest radius (every body's, as placed): the grid's cell is one
  /// diameter. Radii never change, so it is not recomputed each step.
  private let maxRadius: Double

  /// `count` bubbles of radius `r` placed and aimed by a seeded generator.
  public init(
    count: Int, radius r: Double, speed: Double, restitution: Double, width: Double, height: Double,
    seed: UInt64 = 1
  ) {
    self.restitution = restitution
    self.width = width
    self.height = height
    maxRadius = r
    var rng = SplitMix(seed: seed &+ UInt64(count))
    slots.reserveCapacity(count)
    for _ in 0..<count {
      let x = r + rng.unit() * max(0, width - 2 * r)
      let y = r + rng.unit() * max(0, height - 2 * r)
      let a = rng.unit() * 2 * .pi
      slots.append(Body(x: x, y: y, vx: speed * cos(a), vy: speed * sin(a), r: r))
    }
    ids = (0..<count).map { Int32(truncatingIfNeeded: $0) }
    // why: before the first step, budget on the expected work (each body
    // compared with the crowd of its 3 × 3 cells), not on none
    let crowd = FloatingField.crowding(count: count, radius: r, width: width, height: height)
    lastStepWork = count + Int(9 * crowd * Double(count))
  }

  /// Bodies sharing a collision cell on average when `count` bubbles of
  /// radius `r` fill a `width` × `height` screen. A cell (one diameter
  /// square) holds at most about 1.3 bubbles without overlap; far above that
  /// they pile up and each step compares every pair in a crowd: quadratic.
  public static func crowding(count: Int, radius r: Double, width: Double, height: Double)
    -> Double
  {
    let cell = max(1, 2 * r)
    let cells = Double((max(1, Int(width / cell) + 1)) * (max(1, Int(height / cell) + 1)))
    return Double(count) / cells
  }

  /// Number of bodies.
  public var count: Int { slots.count }

  /// Every body, in creation order (the trace's and the drawing's order).
  // why: built on demand (a frame asks once) rather than keeping a slot for
  // each creation index up to date every step: that was a scattered write
  // per body per step, and its table left the cache for large fields
  public var bodies: [Body] {
    [Body](unsafeUninitializedCapacity: slots.count) { out, made in
      for k in slots.indices { (out.baseAddress! + Int(ids[k])).initialize(to: slots[k]) }
      made = slots.count
    }
  }

  /// One step of `dt` seconds: move, bounce off edges, resolve overlaps.
  public mutating func step(dt: Double) {
    lastStepWork = slots.count
    guard slots.count > 1 else {
      let bounds = (width, height, restitution)
      for i in slots.indices { Self.move(&slots[i], dt: dt, in: bounds) }
      return
    }
    let cell = max(1, 2 * maxRadius)
    let cols = max(1, Int(width / cell) + 1)
    let rows = max(1, Int(height / cell) + 1)
    moveAndSortIntoCells(dt: dt, cell: cell, cols: cols, rows: rows)
    collide(stride: cols + 1)
  }

  /// Moves `b` by `dt` seconds and bounces it off the edges of a `w` × `h`
  /// screen, keeping `e` (restitution) of the speed.
  @inline(__always)
  private static func move(
    _ b: inout Body, dt: Double, in bounds: (w: Double, h: Double, e: Double)
  ) {
    b.x += b.vx * dt
    b.y += b.vy * dt
    if b.x < b.r {
      b.x = b.r
      b.vx = abs(b.vx) * bounds.e
    } else if b.x > bounds.w - b.r {
      b.x = bounds.w - b.r
      b.vx = -abs(b.vx) * bounds.e
    }
    if b.y < b.r {
      b.y = b.r
      b.vy = abs(b.vy) * bounds.e
    } else if b.y > bounds.h - b.r {
      b.y = bounds.h - b.r
      b.vy = -abs(b.vy) * bounds.e
    }
  }

  /// Moves every body (`move`), then a counting sort into grid cells, stable
  /// in storage order. Afterwards the bodies of cell `c` are slots
  /// `cellStart[c] ..< cellStart[c + 1]`. Cells are numbered `cy * (cols + 1) + cx`:
  /// the grid carries one empty column on the right and one empty row below.
  // why: moving in the counting pass reads and writes each body once instead
  // of twice; a body's move never depends on another's, so the result is the
  // same bit for bit
  private mutating func moveAndSortIntoCells(dt: Double, cell: Double, cols: Int, rows: Int) {
    let n = slots.count
    // why: the empty column and row stand in for the neighbours of edge
    // cells, so the collision pass needs no edge tests (nor the division that
    // finds a cell's column); being empty, they add no pairs
    let stride = cols + 1
    let cells = stride * (rows + 1)
    // why: one spare entry in front lets the scatter pass below advance each
    // cell's start into the next cell's start, so no second "fill" array is
    // needed; Int32 halves the bytes a sparse grid (several cells per body) pulls through the cache
    if cellStart.count != cells + 2 {
      cellStart = [Int32](repeating: 0, count: cells + 2)
    }
    if cellOfSlot.count != n {
      cellOfSlot = [Int32](repeating: 0, count: n)
      spareCells = cellOfSlot
      spareIds = cellOfSlot
      spareSlots = slots
    }
    // why: the bounds as plain values; capturing `self` would share the
    // slots' storage and make the mutable access below copy it every step
    let bounds = (width, height, restitution)
    slots.withUnsafeMutableBufferPointer { body in
      cellOfSlot.withUnsafeMutableBufferPointer { cellOf in
        cellStart.withUnsafeMutableBufferPointer { start in
          start.update(repeating: 0)
          for s in 0..<n {
            Self.move(&body[s], dt: dt, in: bounds)
            let b = body[s]
            let cx = min(cols - 1, max(0, Int(b.x / cell)))
            let cy = min(rows - 1, max(0, Int(b.y / cell)))
            let c = cy * stride + cx
            cellOf[s] = Int32(truncatingIfNeeded: c)
            start[c + 2] += 1
          }
          var sum: Int32 = 0
          for k in 0..<start.count {
            sum &+= start[k]
            start[k] = sum
          }
        }
      }
    }
    // why: start[c + 1] is where cell c's next body goes; after the pass it
    // has advanced to the end of cell c, which is the start of cell c + 1
    slots.withUnsafeBufferPointer { body in
      ids.withUnsafeBufferPointer { id in
        cellOfSlot.withUnsafeBufferPointer { cellOf in
          cellStart.withUnsafeMutableBufferPointer { start in
            spareSlots.withUnsafeMutableBufferPointer { toBody in
              spareIds.withUnsafeMutableBufferPointer { toId in
                spareCells.withUnsafeMutableBufferPointer { toCell in
                  for s in 0..<n {
                    let c = Int(cellOf[s])
                    let to = Int(start[c + 1])
                    start[c + 1] += 1
                    toBody[to] = body[s]
                    toId[to] = id[s]
                    toCell[to] = cellOf[s]
                  }
                }
              }
            }
          }
        }
      }
    }
    swap(&slots, &spareSlots)
    swap(&ids, &spareIds)
    swap(&cellOfSlot, &spareCells)
  }

  /// Resolves every overlapping pair, walking the bodies sorted into a grid
  /// of `stride` cells a row (the last column and row empty).
  private mutating func collide(stride: Int) {
    let e = restitution
    var compared = 0
    // why: the pair loop runs n × (neighbours) times per step; unchecked
    // buffers keep it free of bounds and uniqueness checks
    slots.withUnsafeMutableBufferPointer { body in
      cellOfSlot.withUnsafeBufferPointer { cellOf in
        cellStart.withUnsafeBufferPointer { start in
          // why: walking bodies in cell order keeps every read near the last one.
          // Each pair is resolved once, when the first of the two in storage
          // order comes up: its partners after it are the rest of its own cell
          // and the next one (adjacent cell numbers, so one run of slots), and
          // the three cells below (another run); the row above holds only
          // bodies before it. Those runs are short (a cell holds about a tenth
          // of a body), and looping over them directly let their lengths steer
          // branches that mispredicted about once a body: the predictor learns
          // a small field's pattern (it barely changes between steps) but not
          // a large one's, so the step grew faster than the count (×11.1 per
          // ×10). So the usual case (at most one partner in the first run, two
          // in the second) tests its partners without branching, and only a
          // hit or a longer run takes the loops, which resolve the same pairs
          // in the same order: if no partner overlaps now, the loops would
          // change nothing.
          let n = body.count
          var pairs = 0
          for si in 0..<n {
            let c = Int(cellOf[si])
            let sameEnd = Int(start[c &+ 2])
            let lo = Int(start[c &+ stride &- 1])
            let hi = Int(start[c &+ stride &+ 2])
            let len1 = sameEnd &- (si &+ 1)
            let len2 = hi &- lo
            pairs &+= len1 &+ len2
            let a = body[si]
            let last = n &- 1
            let hits =
              Self.overlaps(a, body[min(si &+ 1, last)])
              | Self.overlaps(a, body[min(lo, last)]) << 1
              | Self.overlaps(a, body[min(lo &+ 1, last)]) << 2 | 8
            // why: which of those partners are real, and whether a run is
            // longer than that (bit 3), from the run lengths through a
            // table: as comparisons the compiler turned them back into branches
            let shape = Self.runShapes &>> (4 &* (min(len1, 2) &* 4 &+ min(len2, 3)))
            guard hits & UInt8(truncatingIfNeeded: shape) & 15 != 0 else { continue }
            var k = si &+ 1
            while k < sameEnd {
              FloatingField.resolve(&body[si], &body[k], restitution: e)
              k &+= 1
            }
            k = lo
            while k < hi {
              FloatingField.resolve(&body[si], &body[k], restitution: e)
              k &+= 1
            }
          }
          // why: the work figure keeps its meaning (for each body, the bodies
          // of its 3 × 3 cells, itself included): neighbouring is symmetric,
          // so that is every pair twice plus each body once
          compared = 2 * pairs + n
        }
      }
    }
    lastStepWork += compared
  }

  /// For each pair of run lengths (the first run's up to 2, the second's up
  /// to 3) a nibble: bit 0, the first run has a partner; bits 1 and 2, the
  /// second has one, two; bit 3, a run is longer than the partners tested.
  private static let runShapes: UInt64 = 0xffb9_f731_e620

  /// 1 if `a` and `b` overlap, else 0: exactly the test `resolve` makes
  /// (same operations in the same order), so skipping pairs it calls apart
  /// skips only calls that would change nothing.
  @inline(__always)
  private static func overlaps(_ a: Body, _ b: Body) -> UInt8 {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let d2 = dx * dx + dy * dy
    let rr = a.r + b.r
    return d2 < rr * rr ? 1 : 0
  }

  /// Separates two overlapping bodies and exchanges the normal part of their
  /// velocities (equal masses, restitution `e`); leaves apart bodies alone.
  private static func resolve(_ a: inout Body, _ b: inout Body, restitution e: Double) {
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
      let jImpulse = -(1 + e) * rel / 2
      a.vx -= jImpulse * nx
      a.vy -= jImpulse * ny
      b.vx += jImpulse * nx
      b.vy += jImpulse * ny
    }
  }
}

extension FloatingField: Equatable {
  /// Same bodies in the same creation order and the same physics settings;
  /// how they happen to be stored does not matter.
  public static func == (a: FloatingField, b: FloatingField) -> Bool {
    a.restitution == b.restitution && a.width == b.width && a.height == b.height
      && a.bodies == b.bodies
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
