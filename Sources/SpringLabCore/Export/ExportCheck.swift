import Foundation

/// One line of the fidelity table.
public struct ExportCheckRow: Sendable, Equatable {
  /// `uikit`, `uikit-physics` (UISpringTimingParameters), `swiftui`, `compose`, `framer`, `css`, `json`.
  public var format: String
  /// Animation id, e.g. `fan.expand.item2`.
  public var animation: String
  /// Largest |exported − playground| over [0, T) at exact times, every 0.5 ms,
  /// % of travel (∞ when the text could not be read).
  public var maxErrorPercent: Double
  /// Largest |played − playground| over the frames the framework draws in
  /// [0, T) (60 and 120 Hz, taps at seeded random phases inside a frame; motion
  /// with its whole-millisecond clock and `.then` chains), against the
  /// playground at each frame's true time since the tap, % of travel (∞ when unread).
  public var playedErrorPercent: Double = 0
  /// What motion's whole-millisecond clock alone makes unavoidable: the largest
  /// change of the playground's own curve between a frame's true and rounded
  /// time, % of travel. Added to the bound for the played error; 0 for the
  /// other formats.
  public var allowancePercent: Double = 0
  /// |target − exported value just before T|, % of travel: the jump UIKit makes at T, reported apart.
  public var jumpAtTPercent: Double
  /// Allowed maximum error, %.
  public var boundPercent: Double
  /// False for rows shown for information only (the CSS `@supports` fallback):
  /// they never fail the check.
  public var enforced = true
  /// Both the exact error within the bound and the played error within the
  /// bound plus the allowance.
  public var pass: Bool {
    !enforced
      || (maxErrorPercent <= boundPercent
        && playedErrorPercent <= boundPercent + allowancePercent)
  }
  /// Why the row failed to read, if it did.
  public var problem: String?
}

/// The fidelity table for one preset.
public struct ExportCheckReport: Sendable, Equatable {
  public var preset: String
  public var rows: [ExportCheckRow]
  /// The seed of the tap phases the played column used.
  public var seed: UInt64 = ExportCheck.defaultSeed
  public var passed: Bool { rows.allSatisfy(\.pass) }

  /// How the played column was measured, printed under both tables.
  var playedNote: String {
    "played: frames at 60 and 120 Hz, \(PlaybackSampling.phasesPerRate) taps per rate at random phases inside a frame (seed \(seed)); "
      + "motion evaluates at the elapsed time rounded to whole ms and starts a `.then` call on the frame the previous call ends; "
      + "allow: what that rounding alone costs the playground's own curve, added to the bound (motion rows only)"
  }

  /// What the jump column means, printed under both tables.
  // why: the column stood between the error and its bound and read as a
  // failed comparison ("0.1296 > 0.10 ... ok")
  static let jumpNote =
    "jump@T: distance from the target just before T, where UIKit's spring (and the playground) snaps onto it; for information, not checked against the bound"

  /// Every row, aligned columns.
  public var table: String {
    var lines = [
      pad("format", 18) + pad("animation", 22) + lpad("exact err %", 12)
        + lpad("played err %", 13) + lpad("allow %", 9) + lpad("bound %", 9)
        + "  " + pad("pass", 6) + lpad("jump@T %", 10)
    ]
    for r in rows {
      lines.append(
        pad(r.format, 18) + pad(r.animation, 22) + lpad(fmt(r.maxErrorPercent), 12)
          + lpad(fmt(r.playedErrorPercent), 13) + lpad(fmt(r.allowancePercent), 9)
          + lpad(r.enforced ? fmt(r.boundPercent, 2) : "-", 9) + "  "
          + pad(!r.enforced ? "info" : r.pass ? "ok" : "FAIL", 6)
          + lpad(fmt(r.jumpAtTPercent), 10)
          + (r.pass ? "" : r.problem.map { "  (\($0))" } ?? ""))
    }
    lines.append(Self.jumpNote)
    lines.append(playedNote)
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line per format: the worst animation and its error.
  public var summary: String {
    var lines = [
      pad("format", 18) + lpad("rows", 5) + "  " + pad("worst played", 22)
        + lpad("exact err %", 12) + lpad("played err %", 13) + lpad("allow %", 9)
        + lpad("bound %", 9) + "  " + pad("pass", 6) + lpad("max jump@T %", 13)
    ]
    var seen: [String] = []
    for r in rows where !seen.contains(r.format) { seen.append(r.format) }
    for f in seen {
      let rs = rows.filter { $0.format == f }
      guard let worst = rs.max(by: { $0.playedErrorPercent < $1.playedErrorPercent }) else {
        continue
      }
      let exact = rs.map(\.maxErrorPercent).max() ?? 0
      let jump = rs.map(\.jumpAtTPercent).max() ?? 0
      lines.append(
        pad(f, 18) + lpad(String(rs.count), 5) + "  " + pad(worst.animation, 22)
          + lpad(fmt(exact), 12) + lpad(fmt(worst.playedErrorPercent), 13)
          + lpad(fmt(worst.allowancePercent), 9)
          + lpad(worst.enforced ? fmt(worst.boundPercent, 2) : "-", 9) + "  "
          + pad(!worst.enforced ? "info" : rs.allSatisfy(\.pass) ? "ok" : "FAIL", 6)
          + lpad(fmt(jump), 13))
    }
    lines.append(Self.jumpNote)
    lines.append(playedNote)
    return lines.joined(separator: "\n") + "\n"
  }

  func pad(_ s: String, _ n: Int) -> String {
    s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
  }
  func lpad(_ s: String, _ n: Int) -> String {
    s.count >= n ? " " + s : String(repeating: " ", count: n - s.count) + s
  }
  func fmt(_ x: Double, _ d: Int = 4) -> String {
    x.isFinite ? String(format: "%.\(d)f", x) : "unread"
  }
}

/// Proof that exports move like the playground, independent of the exporter:
/// it reads the numbers back out of the emitted TEXT, evaluates them with each
/// platform's documented semantics and compares with the core's own curve
/// (`FanMenu`, `Bubble` tracks) over [0, T) at 0.5 ms.
public enum ExportCheck {
  /// Physics formats must match within 0.1 % of travel.
  public static let physicsBound = 0.1
  /// CSS `linear()` within 0.5 % of travel.
  public static let cssBound = 0.5
  /// Time step of the comparison, seconds.
  public static let step = 0.0005
  /// The tap phases' seed unless one is given (`export --check --seed N`).
  public static let defaultSeed: UInt64 = 24

  /// Exports every format and checks each, exactly and as played with tap
  /// phases from `seed`; `progress(done, total)` after each format.
  public static func check(
    _ p: Preset, seed: UInt64 = defaultSeed, progress: ((Int, Int) -> Void)? = nil
  ) -> ExportCheckReport {
    var rows: [ExportCheckRow] = []
    for (k, f) in ExportFormat.allCases.enumerated() {
      rows += check(
        p, format: f, text: Exporter.export(p, format: f, options: ExportOptions()), seed: seed)
      progress?(k + 1, ExportFormat.allCases.count)
    }
    return ExportCheckReport(preset: p.name, rows: rows, seed: seed)
  }

  /// Checks `text` as an export of `p` in `format` (the text may come from anywhere).
  public static func check(
    _ p: Preset, format: ExportFormat, text: String, seed: UInt64 = defaultSeed
  ) -> [ExportCheckRow] {
    let sampling = PlaybackSampling(seed: seed)
    let clock = PlaybackClock(playing: format)
    func row(
      _ name: String, _ ref: CheckReference, _ seg: String?,
      _ parse: (String) -> [ParsedMove]?, bound: Double
    ) -> ExportCheckRow {
      ExportCheck.row(name, ref, seg, parse, bound: bound, clock: clock, sampling: sampling)
    }
    if format == .json {
      // why: the JSON export is the resolved preset; reading it back must give the same preset
      let back = try? PresetReader.decode(Data(text.utf8), file: "export.json")
      let same = back == p
      return [
        ExportCheckRow(
          format: "json", animation: "preset round trip", maxErrorPercent: same ? 0 : .infinity,
          playedErrorPercent: same ? 0 : .infinity, jumpAtTPercent: 0,
          boundPercent: 0, problem: same ? nil : "does not read back as the same preset")
      ]
    }
    let css = format == .css
    let segs = ExportCheckParser.segments(text, css: css)
    var rows: [ExportCheckRow] = []
    for ref in CheckReference.all(p) {
      switch format {
      case .uikit:
        rows.append(row("uikit", ref, segs[ref.id], ExportCheckParser.uikit, bound: physicsBound))
        if ref.isSpring {
          rows.append(
            row(
              "uikit-physics", ref, segs["physics:" + ref.id], ExportCheckParser.uikitPhysics,
              bound: physicsBound))
          rows.append(
            row(
              "uikit-ios17", ref, segs["ios17:" + ref.id], ExportCheckParser.uikit17,
              bound: physicsBound))
        }
      case .swiftui:
        rows.append(
          row("swiftui", ref, segs[ref.id], ExportCheckParser.swiftui, bound: physicsBound))
        if ref.isSpring {
          rows.append(
            row(
              "swiftui-fallback", ref, segs["fallback:" + ref.id], ExportCheckParser.swiftui,
              bound: physicsBound))
        }
      case .compose:
        rows.append(
          row("compose", ref, segs[ref.id], ExportCheckParser.compose, bound: physicsBound))
      case .framer:
        rows.append(row("framer", ref, segs[ref.id], ExportCheckParser.framer, bound: physicsBound))
      case .css:
        let easings = ExportCheckParser.cssEasings(text)
        rows.append(
          row(
            "css", ref, segs[ref.id],
            { ExportCheckParser.css($0, easings: easings, fallback: false) }, bound: cssBound))
        // why: the @supports fallback is an approximation for old browsers; its error is shown, not enforced
        if let seg = segs[ref.id], let name = ExportCheckParser.cssVariable(seg),
          easings.fallback[name] != nil
        {
          var r = row(
            "css-fallback", ref, seg,
            { ExportCheckParser.css($0, easings: easings, fallback: true) },
            bound: cssBound)
          r.enforced = false
          rows.append(r)
        }
      case .json: break
      }
    }
    return rows
  }

  static func row(
    _ format: String, _ ref: CheckReference, _ seg: String?, _ parse: (String) -> [ParsedMove]?,
    bound: Double, clock: PlaybackClock, sampling: PlaybackSampling
  ) -> ExportCheckRow {
    guard let seg else {
      return ExportCheckRow(
        format: format, animation: ref.id, maxErrorPercent: .infinity,
        playedErrorPercent: .infinity, jumpAtTPercent: .infinity,
        boundPercent: bound,
        problem: "no [\(ref.id)] block")
    }
    guard let moves = parse(seg) else {
      return ExportCheckRow(
        format: format, animation: ref.id, maxErrorPercent: .infinity,
        playedErrorPercent: .infinity, jumpAtTPercent: .infinity,
        boundPercent: bound,
        problem: "cannot read the numbers")
    }
    let played = AsPlayed.error(moves, ref, clock: clock, sampling: sampling)
    let curve = CheckCurve(moves: moves, from: ref.from, finalTo: ref.to)
    let travel = max(abs(ref.to - ref.from), 1e-12)
    var worst = 0.0
    var t = 0.0
    while t < ref.end {
      worst = max(worst, abs(curve.value(at: t) - ref.sample(t)))
      t += step
    }
    var jump = 0.0
    if ref.end > 0 {
      // just before T, where the playground's UIKit spring is about to snap
      let tEnd = ref.end - 1e-9
      worst = max(worst, abs(curve.value(at: tEnd) - ref.sample(tEnd)))
      jump = abs(ref.to - curve.value(at: tEnd))
    } else {
      // why: a zero-length animation has no [0, T) to compare; it must still land on the target
      let after = 1e-6
      worst = max(worst, abs(curve.value(at: after) - ref.sample(after)))
    }
    return ExportCheckRow(
      format: format, animation: ref.id, maxErrorPercent: worst / travel * 100,
      playedErrorPercent: played.error / travel * 100,
      allowancePercent: played.allowance / travel * 100,
      jumpAtTPercent: jump / travel * 100,
      boundPercent: bound, problem: nil)
  }
}
