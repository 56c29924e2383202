import Foundation
import SpringLabCore
import SpringLabPlatform

/// `springlab fit INPUT …`: the spring (or tween) behind a recorded motion.
enum FitCommand {
  static var usage: String { spec.usage }

  /// Extensions read as samples; anything else is handed to ffmpeg as a video.
  static let sampleExtensions: Set<String> = ["csv", "json", "txt", "tsv"]

  static var help: String { spec.help }

  static let spec = CommandSpec(
    name: "fit", summary: "finds the spring behind a screen recording or sampled points",
    positionals: [
      .init(
        "INPUT",
        help: [
          "a video (anything ffmpeg decodes) or samples (.csv/.json/.txt/.tsv): t,value or",
          "t,x,y per line, or a JSON array of [t, value] / [t, x, y] / {\"t\", \"x\", \"y\"}",
        ])
    ],
    options: [
      .init(
        "region", "X,Y,W,H",
        [
          "the element, in pixels, on the frame at --region-at (default: the first frame",
          "of the range); tracked both ways. Without it the largest moving blob is used",
          "(the choice is printed)",
        ]),
      .init(
        "region-at", "T",
        [
          "the time (s) of the frame the region is marked on; mark elements that appear",
          "during the motion (a fan item fading in) on the last frame",
        ]),
      .init(
        "from", "T0", label: "--from T0, --to T1",
        ["only the frames or samples within T0…T1 seconds"]),
      // why: named by --from's label, so no line of its own
      .init("to", "T1", []),
      .init(
        "axis", "x|y|scale|angle|auto", label: "--axis A",
        [
          "x, y, scale (tracked size), angle (or rotation: degrees turned since the marked",
          "frame, clockwise: an icon turning in place) or auto (default: along the line",
          "from the first position to the last, 0 at the first; when the centre stays put, the",
          "angle when it turns by more than \(FitPrinter.f(FitAxis.minimumAutoAngle, 0))°, else scale when the size changes; when it",
          "travels and turns by more than \(FitPrinter.f(FitAxis.minimumAutoSpin, 0))° with its angle following its travel, the angle",
          "with the travel, size and opacity as channels)",
        ]),
      .init(
        "samples", "FILE",
        ["write the tracked samples as CSV (t,x,y,scale,correlation, and angle when tracked)"]),
      .init(
        "menu",
        [
          "the whole fan menu: every element blooming from a shared origin, fitted with one",
          "spring, the stagger and order, and the arc (radius, start/end angle)",
        ]),
      .init(
        "px-per-pt", "S",
        [
          "with --menu: pixels per device point in the video (default: the frame width over",
          "the --preset's device width, a phone's own screen recording)",
        ]),
      .init(
        "preset", "P",
        ["with --menu: the preset the fitted fields are set on (default: seed 000's fan)"]),
      .init("out", "FILE", ["with --menu: write the preset with the fitted menu"]),
      .init(
        "json",
        [
          "one JSON object (keys of `springlab spring --json` plus model, rms, maxError,",
          "start, from, to, …)",
        ]),
    ],
    labelWidth: 18,
    intro: [
      "Fits a damped spring (mass 1: start, from, to, initial velocity, stiffness, damping) and a Bézier",
      "tween to a recorded motion, by least squares, and prints the one the Bayesian information criterion",
      "(BIC = n ln(RSS/n) + p ln n, lower wins) prefers, with both models' BIC and RMS as the evidence:",
      "ΔBIC and the fit gap (n |ln(RSS ratio)|, the difference without the charge for parameters) both",
      "≥ \(FitPrinter.f(MotionFit.decisiveBIC, 0)) decisive, either under \(FitPrinter.f(MotionFit.indistinguishableBIC, 0)) indistinguishable (then both models are printed in full), as",
      "they are when fewer than \(SpringFit.minimumSamplesInMotion) samples follow the start (the spring's numbers are then undetermined).",
      "A spring swinging faster than half the sample rate is not fitted (the samples show it slower).",
      "Each spring number has a ± (one standard deviation, from the Jacobian at the optimum and the",
      "residuals, widened for residuals that follow one another, or the spread of refits each leaving out",
      "one of 8 blocks of samples when larger). The spring may end with a jump to its target at its UIKit",
      "duration, as UIKit ends an animation, when that explains the samples better than settling.",
    ],
    outro: [
      "Tracking: normalised cross-correlation around the last position, coarse to fine, sub-pixel peak,",
      "sizes 0.38…1.34 × the region in 5 % steps (finer where a step moves the edges more than \(FitPrinter.f(ElementTracker.fineSizeEdgeMove, 0)) px);",
      "matches below correlation \(ElementTracker.minimumCorrelation) are dropped, never guessed, and at least \(MotionFit.minimumSamples) samples must remain.",
      "A fading element's dropped first or last frames are matched as its template composited over the",
      "range's first or last frame (opacity by least squares), kept above correlation \(ElementTracker.fadeCorrelation).",
      "Each frame's presentation timestamp is its time.",
      "Angle: the disk inscribed in the region, turned around the last angle plus the last step",
      "(±\(FitPrinter.f(AngleTracker.searchHalfWidth, 0))° beyond it) and refined by Gauss–Newton on the pixels; followed frame to frame, so a",
      "symmetric icon (a \"+\" repeats every 90°) unwraps; the size is followed with it (a fan item grows as it",
      "spins). Mark the region tight around the turning element.",
      "--menu prints each field it sets (fan.radius, fan.expand.stagger, …) with one σ; --json names them",
      "by their preset paths. A menu drawn from its end angle with the opposite order looks the same: the",
      "arc is reported with angles increasing (clockwise on screen) and the order says which end starts.",
      "Exit: 0 ok · 1 the fit's RMS residual exceeds \(Int(MotionFit.poorFitBound * 100)) % of the travel (printed anyway) · 2 usage ·",
      "      3 input unreadable, no motion found, element lost (more than \(ElementTracker.maxGapFrames) consecutive frames below the",
      "      correlation threshold after it was first found), too few samples or (--menu) fewer than",
      "      \(MenuFit.minimumItems) elements blooming from a shared origin · 4 no ffmpeg, or --samples/--out cannot be written",
    ])

  static func run(_ argv: [String]) throws(CLIError) -> Exit {
    guard let a = try spec.parseOrAnswerHelp(argv, help: help) else { return .ok }
    guard a.positional.count == 1 else {
      throw CLIError(
        .usage,
        (a.positional.isEmpty ? "fit needs an INPUT" : "unexpected argument \(a.positional[1])")
          + "\nusage: \(usage)")
    }
    let input = a.positional[0]
    var region: FrameRegion?
    if let r = a.values["region"] {
      guard let rect = FrameRegion.parse(r) else {
        throw CLIError(
          .usage, "--region \(r): expected X,Y,W,H in pixels with W, H > 0\nusage: \(usage)")
      }
      region = rect
    }
    let regionAt = try a.double("region-at", in: 0...86_400, usage: usage)
    if regionAt != nil && region == nil {
      throw CLIError(.usage, "--region-at needs --region X,Y,W,H\nusage: \(usage)")
    }
    let from = try a.double("from", in: 0...86_400, usage: usage)
    let to = try a.double("to", in: 0...86_400, usage: usage)
    if let f = from, let t = to, f >= t {
      throw CLIError(.usage, "--from \(f) must be before --to \(t)\nusage: \(usage)")
    }
    var axis = FitAxis.auto
    if let s = a.values["axis"] {
      guard let ax = FitAxis.named(s) else {
        throw CLIError(
          .usage, "--axis \(s): one of x, y, scale, angle (rotation), auto\nusage: \(usage)")
      }
      axis = ax
    }
    if let out = a.values["samples"], let oid = FileIdentity(path: out), oid.kind == .regular,
      let iid = FileIdentity(path: input), iid.isSameFile(as: oid)
    {
      throw CLIError(
        .usage,
        "--samples \(TerminalText.escape(out)): is the same file as INPUT \(TerminalText.escape(input)); writing it would destroy it"
      )
    }
    let range: ClosedRange<Double>? =
      (from != nil || to != nil) ? (from ?? 0)...(to ?? .greatestFiniteMagnitude) : nil
    let isSamples = sampleExtensions.contains(
      URL(fileURLWithPath: input).pathExtension.lowercased())
    if a.flags["menu"] == true {
      if isSamples {
        throw CLIError(.usage, "--menu needs a video; \(input) is read as samples")
      }
      return try FitMenu.run(a, input: input, range: range, usage: usage)
    }
    for o in ["px-per-pt", "preset", "out"] where a.values[o] != nil {
      throw CLIError(.usage, "--\(o) only applies with --menu\nusage: \(usage)")
    }
    if isSamples && region != nil {
      throw CLIError(.usage, "--region only applies to a video; \(input) is read as samples")
    }

    let fit: MotionFit
    var track: VideoTrack?
    var frameInfo = ""
    do {
      if isSamples {
        let samples = try SampleReader.load(path: input)
        fit = try MotionFit.fit(samples, axis: axis, range: range)
      } else {
        let frames = try decode(input, range: range)
        frameInfo =
          "\(frames[0].width)x\(frames[0].height), \(frames.count) frames, \(JSONWriter.number(frames.first!.pts, places: 3))…\(JSONWriter.number(frames.last!.pts, places: 3)) s"
        let progress = ProgressLine.onTerminal(
          "fit", total: 2 * (frames.count - 1), unit: "tracking steps")
        // why: erased before the result or an error is printed
        defer { progress?.clear() }
        let report: ((Int, Int) -> Void)? = progress.map { p in { done, _ in p.update(done) } }
        let r = try VideoFit.fit(
          frames: frames, region: region, regionAt: regionAt, axis: axis, progress: report)
        fit = r.fit
        track = r.track
      }
    } catch let e as FitError {
      // why: sample-file messages already start with the file's name
      let m = e.description
      throw CLIError(.input, m.hasPrefix(input + ":") ? m : "\(input): \(m)")
    } catch let e as CLIError {
      throw e
    } catch {
      throw CLIError(.input, "\(input): \(error)")
    }
    if let path = a.values["samples"] {
      let samples = track.map(VideoFit.samples) ?? fit.samples
      try writeSamples(SampleReader.csv(samples), to: path)
    }
    let unit = isSamples ? "units" : Self.unit(fit.axis)
    let vocab = FitPrinter.equivalents(fit)
    if a.flags["json"] == true {
      printOut(JSONWriter.compact(json(fit, vocab, track: track, unit: unit)))
    } else {
      printOut(
        text(input: input, fit, vocab, track: track, frameInfo: frameInfo, unit: unit).joined(
          separator: "\n"))
    }
    if fit.isPoor {
      printErr(
        "springlab: \(input): poor fit: RMS residual \(FitPrinter.f(fit.rmsFraction * 100, 2)) % of the travel exceeds \(Int(MotionFit.poorFitBound * 100)) %"
      )
      return .finding
    }
    if let r = fit.extrapolation {
      printErr("springlab: \(input): \(FitPrinter.extrapolationNote(fit, ratio: r, unit: unit))")
      return .finding
    }
    return .ok
  }

  /// The video's grey frames; a failure is one line naming the file (exit 3,
  /// or 4 without ffmpeg).
  static func decode(_ input: String, range: ClosedRange<Double>?) throws(CLIError) -> [GreyFrame] {
    try decodeNoted(input, range: range).frames
  }

  /// `decode`, with the note `springlab render` left in the file.
  static func decodeNoted(_ input: String, range: ClosedRange<Double>?) throws(CLIError) -> (
    frames: [GreyFrame], note: RenderNote?
  ) {
    do { return try VideoDecoder.decodeNoted(input, range: range) } catch {
      switch error {
      case .noFFmpeg:
        throw CLIError(
          .environment,
          "\(input): cannot decode: ffmpeg not found on PATH (install the ffmpeg package)")
      case .unreadable(let why): throw CLIError(.input, "\(input): \(why)")
      }
    }
  }

  /// Writes the tracked samples through the single output writer: the old
  /// file survives any failure, which is exit 4 naming the file.
  static func writeSamples(_ csv: String, to path: String) throws(CLIError) {
    let out: OutputFile
    do { out = try OutputFile(path: path) } catch { throw CLIError(.environment, "\(error)") }
    do {
      try out.write(csv)
      try out.commit()
    } catch {
      out.discard()
      throw CLIError(.environment, "\(error)")
    }
  }

  /// The unit of a video fit's values on `axis`, as printed and in `--json`.
  static func unit(_ axis: FitAxis) -> String {
    switch axis {
    case .scale: return "× size"
    case .angle: return "degrees"
    case .x, .y, .auto: return "px"
    }
  }

  static func text(
    input: String, _ fit: MotionFit, _ v: SpringEquivalents, track: VideoTrack?, frameInfo: String,
    unit: String
  ) -> [String] {
    func f(_ x: Double, _ d: Int = 4) -> String { FitPrinter.f(x, d) }
    var o: [String] = []
    if let tr = track {
      o.append("video:                   \(input) (\(frameInfo))")
      let how = tr.chosenAutomatically ? "largest moving blob" : "--region"
      o.append(
        "element:                 \(tr.region) px at t = \(f(tr.markedTime, 3)) s (\(how))")
      let kept = tr.points.filter(\.found).count
      o.append(
        "tracked:                 \(kept) of \(tr.points.count) frames (\(tr.points.count - kept) dropped below correlation \(ElementTracker.minimumCorrelation))"
      )
      if let ps = tr.pixelStart {
        o.append("start from pixels:       \(f(ps, 3)) s (the element is hidden before it moves)")
        o.append(
          "note:                    its first moments are not seen, so from and the initial velocity are extrapolated (the damping ratio and response are not affected)"
        )
      }
    } else {
      o.append("samples:                 \(input) (\(fit.samples.count) samples)")
    }
    o.append("axis:                    \(fit.axis.rawValue)")
    let extra = fit.spring.channels.map {
      "\($0.name) \(f($0.from, 3)) → \(f($0.to, 3)), RMS \(f($0.rms)), weight \(f($0.weight, 2))"
    }
    o.append(
      "channels:                \(fit.channels.joined(separator: ", "))"
        + (extra.isEmpty
          ? ""
          : " (one spring progress; " + extra.joined(separator: " · ")
            + "; each weighted by its residual scatter)"))
    let other: FitModel = fit.model == .spring ? .tween : .spring
    let verdict =
      fit.evidence == .indistinguishable
      ? "\(fit.model.rawValue) or \(other.rawValue): indistinguishable, both are printed"
      : "\(fit.model.rawValue) (\(fit.evidence.rawValue) over the \(other.rawValue))"
    o.append("model:                   \(verdict)")
    o.append(
      "evidence:                BIC spring \(f(fit.springBIC, 1)), tween \(f(fit.tweenBIC, 1)) (ΔBIC \(f(fit.deltaBIC, 1)), fit gap \(f(fit.fitGap, 1)), each × \(f(fit.independence, 2)) for residuals that follow one another; lower BIC wins, both ≥ \(f(MotionFit.decisiveBIC, 0)) decisive, either < \(f(MotionFit.indistinguishableBIC, 0)) indistinguishable) · RMS spring \(f(fit.spring.rms)) \(unit), tween \(f(fit.tween.rms)) \(unit)"
    )
    o.append(
      "start:                   \(f(fit.start, 4)) s · from \(f(fit.from, 3)) → to \(f(fit.to, 3)) \(unit) (travel \(f(fit.travel, 3)))"
    )
    o.append(
      "residual:                RMS \(f(fit.rms)) \(unit) (\(f(fit.rmsFraction * 100, 3)) % of travel) · max \(f(fit.maxError)) \(unit) (\(f(fit.maxFraction * 100, 3)) % of travel)"
    )
    // why: the ± and the precision are the reported model's; a tween's
    // followed by the spring's (± 40–110 % on the main button's turn) read
    // as if the tween were that loose. The other model's are printed with
    // it, named, below.
    if fit.model == .spring {
      o.append("uncertainty (1σ):        " + FitPrinter.uncertainty(fit.spring))
      if let note = FitPrinter.precisionNote(fit.spring) {
        o.append("precision:               " + note)
      }
    } else {
      o.append("uncertainty (1σ):        " + FitPrinter.tweenUncertainty(fit.tween, unit: unit))
      if let note = FitPrinter.precisionNote(fit.tween) {
        o.append("precision:               " + note)
      }
    }
    if let note = FitPrinter.seenTooBrieflyNote(fit) {
      o.append("seen moving:             " + note)
    }
    if let note = FitPrinter.velocityNote(fit.spring) {
      o.append("velocity:                " + note)
    }
    if track?.pixelStart == nil, fit.samples.count > 1, fit.start < fit.samples[1].t {
      o.append(
        "note:                    the motion was under way by the first samples (\(f(fit.samples[0].t, 3)) s): the start, from and initial velocity are not seen"
      )
    }
    if let e = fit.spring.endsAfter {
      o.append(
        "spring ends:             \(f(e, 4)) s after its start, jumping to its target as UIKit ends an animation at its duration (a better fit than settling)"
      )
    }
    if fit.model == .tween {
      o += FitPrinter.tweenLines(fit.tween, unit: unit)
    } else if fit.evidence == .indistinguishable {
      o.append("tween (RMS \(f(fit.tween.rms)) \(unit), as likely):")
      o.append("tween (1σ):              " + FitPrinter.tweenUncertainty(fit.tween, unit: unit))
      if let note = FitPrinter.precisionNote(fit.tween) {
        o.append("tween precision:         " + note)
      }
      o += FitPrinter.tweenLines(fit.tween, unit: unit)
      o.append("spring (RMS \(f(fit.spring.rms)) \(unit)):")
    }
    if fit.model == .tween {
      let likely = fit.evidence == .indistinguishable
      o.append(
        likely
          ? "spring (RMS \(f(fit.spring.rms)) \(unit), as likely):"
          : "nearest spring (RMS \(f(fit.spring.rms)) \(unit)):")
      o.append("spring (1σ):             " + FitPrinter.uncertainty(fit.spring))
      // why: the nearest spring of a decisive tween is a stand-in, not a
      // finding; how loosely the samples pin it says nothing more
      if likely, let note = FitPrinter.precisionNote(fit.spring) {
        o.append("spring precision:        " + note)
      }
    }
    // why: beside a decisive tween, a spring that misses the samples is no
    // finding; its copyable forms read as one ("stiffness 0.72 … settle
    // 49.22 s … transition-duration: 49.22s" for a collapse, walk-through)
    // (a collapse whose end is hidden: a spring with ζ 3.6 drew the
    // samples, its end extrapolated 30 travels away)
    let springMiss = fit.travel > 0 ? fit.spring.rms / fit.travel : .infinity
    let (z, r) = fit.spring.relativeSpread
    let standIn = fit.model == .tween && fit.evidence != .indistinguishable
    if standIn && !(springMiss <= MotionFit.poorFitBound) {
      o.append(
        "spring forms:            not printed: the nearest spring misses the samples by \(FitPrinter.f(springMiss * 100, 1)) % of the travel (RMS); the tween above is the motion"
      )
    } else if standIn && !(max(z, r) <= MotionFit.precisionBound) {
      o.append(
        "spring forms:            not printed: the recording does not pin a spring (its damping ratio and response are beyond ± \(FitPrinter.f(MotionFit.precisionBound * 100, 0)) %); the tween above is the motion"
      )
    } else {
      o += FitPrinter.lines(v)
    }
    return o
  }

  static func json(_ fit: MotionFit, _ v: SpringEquivalents, track: VideoTrack?, unit: String)
    -> JSONValue
  {
    var m = FitPrinter.json(v)
    if fit.model == .tween { m.append(("settleTween", .number(fit.tween.duration))) }
    m += [
      ("fittedVelocity", .number(fit.spring.relativeVelocity)),
      ("model", .string(fit.model.rawValue)), ("rms", .number(fit.rms)),
      ("maxError", .number(fit.maxError)), ("rmsPercent", .number(fit.rmsFraction * 100)),
      ("maxErrorPercent", .number(fit.maxFraction * 100)), ("start", .number(fit.start)),
      ("from", .number(fit.from)), ("to", .number(fit.to)), ("axis", .string(fit.axis.rawValue)),
      ("channels", .array(fit.channels.map { .string($0) })),
      ("unit", .string(unit)), ("springRms", .number(fit.spring.rms)),
      ("tweenRms", .number(fit.tween.rms)), ("springBic", .number(fit.springBIC)),
      ("tweenBic", .number(fit.tweenBIC)), ("deltaBic", .number(fit.deltaBIC)),
      ("fitGap", .number(fit.fitGap)), ("independence", .number(fit.independence)),
      ("springEndsAfter", fit.spring.endsAfter.map { .number($0) } ?? .null),
      ("evidence", .string(fit.evidence.rawValue)),
      ("uncertainty", FitPrinter.uncertaintyJSON(fit.spring.uncertainty)),
      (
        "tween",
        .object([
          ("x1", .number(fit.tween.curve.x1)), ("y1", .number(fit.tween.curve.y1)),
          ("x2", .number(fit.tween.curve.x2)), ("y2", .number(fit.tween.curve.y2)),
          ("duration", .number(fit.tween.duration)), ("start", .number(fit.tween.start)),
          ("named", fit.tween.named.map { .string($0.rawValue) } ?? .null),
          ("uncertainty", FitPrinter.uncertaintyJSON(fit.tween.uncertainty)),
          (
            "free",
            fit.tween.freeCurve.map { c in
              .object([
                ("x1", .number(c.x1)), ("y1", .number(c.y1)), ("x2", .number(c.x2)),
                ("y2", .number(c.y2)), ("duration", .number(fit.tween.freeDuration ?? 0)),
              ])
            } ?? .null
          ),
        ])
      ),
      ("samples", .number(Double(fit.samples.count))),
      ("motionSamples", .number(Double(fit.motionSamples))),
      ("seenTooBriefly", .bool(fit.seenTooBriefly)),
    ]
    if let tr = track {
      m.append(
        (
          "region",
          .object([
            ("x", .number(tr.region.x)), ("y", .number(tr.region.y)),
            ("width", .number(tr.region.width)), ("height", .number(tr.region.height)),
            ("at", .number(tr.markedTime)), ("automatic", .bool(tr.chosenAutomatically)),
          ])
        ))
      m.append(("pixelStart", tr.pixelStart.map { .number($0) } ?? .null))
    }
    return .object(m)
  }
}
