import CCairo
import Foundation
import SpringLabCore
import SpringLabRender

/// The two figures every other one can be read against, measured in the same
/// run on the same machine: a full-frame Cairo fill of the 720p frame buffer
/// (memory bandwidth and the rasteriser's fast path) and the closed-form
/// spring's nanoseconds per frame (scalar arithmetic). Render and window
/// figures then compare across machines as multiples of them
/// (docs/PERFORMANCE.md, "Calibration").
enum BenchCalibration {
  /// Both figures; printed first whatever `--only` chose.
  static func all(_ o: BenchOptions) -> [BenchResult] {
    [cairoFill(o), closedFormSpring(o)]
  }

  /// Microseconds for one opaque fill of every pixel of a 1280 × 720 buffer.
  static func cairoFill(_ o: BenchOptions) -> BenchResult {
    let name = "calibration.cairoFill.1280x720.us"
    guard let buffer = try? FrameBuffer(width: 1280, height: 720) else {
      return .skipped(name, unit: "µs", "failed: cannot allocate the frame buffer")
    }
    let cr = buffer.cairo
    let reps = o.quick ? 4 : 200
    let ns = Bench.median(runs: o.runs, per: reps) {
      for k in 0..<reps {
        // why: a different colour each time, so no fill is skipped as unchanged
        cairo_set_source_rgba(cr, Double(k % 2), 0.5, 0.25, 1)
        cairo_rectangle(cr, 0, 0, 1280, 720)
        cairo_fill(cr)
      }
      cairo_surface_flush(buffer.surface)
    }
    return BenchResult(
      name: name, value: ns / 1000, unit: "µs",
      note: "1 thread, Cairo filling the whole 720p frame buffer once")
  }

  /// Nanoseconds per 60 fps frame of the closed-form spring (the same
  /// spring and frame times as `spring.closedForm.nsPerFrame`).
  static func closedFormSpring(_ o: BenchOptions) -> BenchResult {
    let s = UIKitSpring(duration: 0.4, dampingRatio: 0.72, velocity: 0.6).spring
    let times = (0..<24).map { Double($0) / 60 }
    let reps = o.quick ? 20 : 2000
    var sink = 0.0
    let ns = Bench.median(runs: o.runs, per: 24 * reps) {
      for _ in 0..<reps { for t in times { sink += s.state(at: t, x0: -1, v0: 0.6).x } }
    }
    if sink == 42.4242 { print("") }
    return BenchResult(
      name: "calibration.springClosedForm.nsPerFrame", value: ns, unit: "ns",
      note: "1 thread, the closed-form spring's state at one frame time")
  }
}
