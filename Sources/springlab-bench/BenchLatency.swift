import Foundation
import SpringLabCommands
import SpringLabCore
import SpringLabStudio
import SpringLabUI

/// Input-to-frame latency in the real window (part of the `window` group):
/// from the X server's timestamp of an input event to the end of the first
/// present after it that redrew anything, as the window logs it
/// (`SPRINGLAB_INPUT_LOG`, see `SDLWindow`). Two gestures a designer makes
/// all the time: a click on the fan's main button, and a drag of the
/// Expand · Damping slider.
enum BenchLatency {
  static let names: [(String, String)] = [
    ("window.click.latencyP50.ms", "ms"), ("window.click.latencyP99.ms", "ms"),
    ("window.drag.latencyP50.ms", "ms"), ("window.drag.latencyP99.ms", "ms"),
  ]

  /// The log's lines as (kind, latency in ms); a line's two times are
  /// milliseconds modulo 2^32, so the difference wraps.
  static func latencies(_ path: String) -> [(kind: String, ms: Double)] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let f = line.split(separator: " ")
      guard f.count == 3, let x = UInt32(f[1]), let shown = UInt32(f[2]) else { return nil }
      return (String(f[0]), Double(shown &- x))
    }
  }

  /// Where the Damping slider's knob is in a fresh window of `width` ×
  /// `height` pixels showing `preset`: the Studio's own view draws the
  /// panel (text measured as the window does without a font, which moves
  /// labels, not rows or tracks).
  static func dampingKnob(_ preset: Preset, width: Double, height: Double) -> (Double, Double)? {
    let folders = StudioFolders(
      state: "/nonexistent", recordings: "/nonexistent", screenshots: "/nonexistent",
      defaultLibrary: "/nonexistent")
    let state = StudioState(
      preset: preset, path: nil, stamp: nil, folders: folders, session: "bench",
      window: WindowSize(width: width, height: height, scale: 1))
    let view = StudioView(icons: IconSet(), measure: { s, z in (Double(s.count) * z * 0.6, z) })
    let list = view.frame(state, events: []).drawList.finished
    var label: Double?
    for c in list {
      // why: the label names the form's number ("Damping ratio" in UIKit's
      // form, "Damping frac." in SwiftUI's), so only its first word is fixed
      if case .text(let text, _, let y, _, _, _) = c, text.hasPrefix("Damping") {
        label = y
        break
      }
    }
    guard let y = label else { return nil }
    let knob = UITheme.dark.knob
    for c in list {
      if case .fill(.circle(let cx, let cy, _), let color) = c, color == knob, abs(cy - y) < 16 {
        return (cx, cy)
      }
    }
    return nil
  }

  /// Clicks the main button and drags the Damping slider in the window
  /// `wid` (showing `preset`, its first trace line `first`), with the input
  /// log at `log`.
  static func measure(
    _ o: BenchOptions, xdotool: String, wid: String, env: [String: String], preset: Preset,
    first: [String: Any]?, log: String
  ) -> [BenchResult] {
    guard let view = first?["view"] as? [String: Any],
      let main = (first?["fan"] as? [String: Any])?["main"] as? [String: Any],
      let vx = view["x"] as? Double, let vy = view["y"] as? Double,
      let s = view["scale"] as? Double, let mx = main["x"] as? Double,
      let my = main["y"] as? Double
    else {
      return names.map { .skipped($0.0, unit: $0.1, "skipped: the trace has no view") }
    }
    let geometry = BenchChild.run(xdotool, ["getwindowgeometry", "--shell", wid], env: env)
    func value(_ key: String) -> Double? {
      geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap {
        Double($0.dropFirst(key.count + 1))
      }
    }
    let before = latencies(log).count
    // why: 0.7 s apart, each expand (0.58 s) or collapse (0.37 s) ends
    // before the next click, as a designer replays a motion
    let clicks = o.quick ? 2 : 30
    let (cx, cy) = (Int(vx + mx * s), Int(vy + my * s))
    var args = ["mousemove", "--window", wid, "\(cx)", "\(cy)", "sleep", "0.3"]
    for _ in 0..<clicks { args += ["click", "1", "sleep", "0.7"] }
    _ = BenchChild.run(xdotool, args, env: env)
    usleep(300_000)
    let clickMs = latencies(log).dropFirst(before).filter { $0.kind == "click" }.map(\.ms)
    var out = figures("click", clickMs, note: "\(clicks) clicks on the main button")
    guard let w = value("WIDTH"), let h = value("HEIGHT"),
      let knob = dampingKnob(preset, width: w, height: h)
    else {
      return out
        + names.dropFirst(2).map { .skipped($0.0, unit: $0.1, "skipped: no Damping slider found") }
    }
    // why: 2 px steps at 30 Hz, right then left, so the value stays in range
    // and every step moves the knob (the slider's display step per pixel)
    let steps = o.quick ? 6 : 60
    let mark = latencies(log).count
    var drag = [
      "mousemove", "--window", wid, "\(Int(knob.0))", "\(Int(knob.1))", "sleep", "0.2",
      "mousedown", "1", "sleep", "0.1",
    ]
    for k in 0..<steps {
      let dx = (k / (steps / 2)) % 2 == 0 ? 2 : -2
      drag += ["mousemove_relative", "--", "\(dx)", "0", "sleep", "0.033"]
    }
    drag += ["mouseup", "1"]
    _ = BenchChild.run(xdotool, drag, env: env)
    usleep(300_000)
    let dragMs = latencies(log).dropFirst(mark).filter { $0.kind == "drag" }.map(\.ms)
    out += figures("drag", dragMs, note: "\(steps) moves of 2 px on Expand · Damping")
    return out
  }

  /// p50 and p99 of `ms` for `kind`, or skipped figures when empty.
  static func figures(_ kind: String, _ ms: [Double], note: String) -> [BenchResult] {
    let keys = ["window.\(kind).latencyP50.ms", "window.\(kind).latencyP99.ms"]
    guard let p50 = Bench.quantile(ms, 0.5), let p99 = Bench.quantile(ms, 0.99) else {
      return keys.map { .skipped($0, unit: "ms", "skipped: no \(kind) reached a frame") }
    }
    let n = "\(note), \(ms.count) events: X event time → frame presented (1 ms resolution)"
    return [
      BenchResult(name: keys[0], value: p50, unit: "ms", note: n),
      BenchResult(name: keys[1], value: p99, unit: "ms", note: n),
    ]
  }
}
