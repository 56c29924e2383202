import Foundation
import SpringLabCore
import SpringLabPlatform

/// `springlab fit VIDEO --menu`: the whole fan menu from one recording (one
/// shared spring, the stagger and order, the arc), printed as the preset
/// fields it becomes and optionally written as a preset (`--out`).
enum FitMenu {
  /// The preset's fields a menu fit sets, in the order they are printed.
  static let fields: [FieldID] = [
    .fanCount, .fanLayout, .fanSpacing, .fanRadius, .fanStartAngle, .fanEndAngle,
    .fanExpandVariant, .fanExpandCurve, .fanExpandDuration, .fanExpandDamping,
    .fanExpandVelocity, .fanExpandStagger, .fanExpandOrder,
  ]

  static func run(
    _ a: Arguments, input: String, range: ClosedRange<Double>?, usage: String
  ) throws(CLIError) -> Exit {
    for o in ["region", "region-at", "axis", "samples"] where a.values[o] != nil {
      throw CLIError(.usage, "--\(o) does not apply with --menu\nusage: \(usage)")
    }
    let base = try loadPresetOrFail(a.values["preset"])
    let scaleArg = try a.double("px-per-pt", in: 0.01...100, usage: usage)
    if let out = a.values["out"], let oid = FileIdentity(path: out), oid.kind == .regular,
      let iid = FileIdentity(path: input), iid.isSameFile(as: oid)
    {
      throw CLIError(
        .usage,
        "--out \(TerminalText.escape(out)): is the same file as INPUT \(TerminalText.escape(input)); writing it would destroy it"
      )
    }
    let (frames, note) = try FitCommand.decodeNoted(input, range: range)
    // why: a phone's own screen recording is its screen, edge to edge; a
    // clip `springlab render` made says where its screen is
    let device = Scene(preset: base).device
    let ppp = scaleArg ?? note?.scale ?? Double(frames[0].width) / device.width
    let scaleFrom =
      scaleArg != nil
      ? "--px-per-pt"
      : note != nil
        ? "noted in the clip by springlab render" : "the frame's width over the device's"
    let fit: MenuFit
    do { fit = try MenuFit.fit(frames: frames, pixelsPerPoint: ppp) } catch {
      throw CLIError(.input, "\(input): \(error.description)")
    }
    let uikit = fit.uikit
    let preset = fit.applied(to: base)
    if let path = a.values["out"], !fit.isPoor {
      guard preset != nil else {
        throw CLIError(
          .input,
          "\(input): the fitted spring (damping ratio \(FitPrinter.f(fit.spring.dampingRatio))) has no UIKit form a preset can hold; no preset written"
        )
      }
      let existing = a.values["preset"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
      try FitCommand.writeSamples(PresetSparseWriter.text(preset!, over: existing), to: path)
    }
    let frameInfo =
      "\(frames[0].width)x\(frames[0].height), \(frames.count) frames, \(FitPrinter.f(frames.first!.pts, 3))…\(FitPrinter.f(frames.last!.pts, 3)) s"
    if a.flags["json"] == true {
      var o = json(fit, uikit: uikit)
      if case .object(var m) = o {
        m.append(("pixelsPerPointFrom", .string(scaleFrom)))
        o = .object(m)
      }
      printOut(JSONWriter.compact(o))
    } else {
      var lines = text(input: input, fit, uikit: uikit, frameInfo: frameInfo)
      if lines.count > 1 {
        // why: a clip with a margin round the screen read seed 000's radius
        // as 98 pt for 120 with nothing said (walk-through)
        let caveat =
          scaleArg == nil && note == nil
          ? ": right for a phone's own screen recording; a clip with a margin or bezel needs --px-per-pt"
          : ""
        lines[1] += " (\(scaleFrom)\(caveat))"
      }
      printOut(lines.joined(separator: "\n"))
    }
    if fit.isPoor {
      printErr(
        "springlab: \(input): poor fit: the item centres' RMS residual is \(FitPrinter.f(fit.rmsFraction * 100, 2)) % of the radius, beyond \(Int(MotionFit.poorFitBound * 100)) %: no one spring and stagger draws them (a clip cut mid-bloom?)\(a.values["out"] != nil ? "; no preset written" : "")"
      )
      return .finding
    }
    return .ok
  }

  static func value(_ id: FieldID, _ fit: MenuFit, uikit: (Double, Double, Double)?) -> JSONValue {
    switch id {
    case .fanCount: return .number(Double(fit.items.count))
    case .fanLayout: return .string(FanLayoutStyle.arc.rawValue)
    case .fanSpacing: return .string(FanSpacing.inclusive.rawValue)
    case .fanRadius: return .number(fit.radius)
    case .fanStartAngle: return .number(fit.startAngle)
    case .fanEndAngle: return .number(fit.endAngle)
    case .fanExpandVariant: return .string(FanVariant.stagger.rawValue)
    case .fanExpandCurve: return .string(MotionCurveName.spring.rawValue)
    case .fanExpandDuration: return uikit.map { .number($0.0) } ?? .null
    case .fanExpandDamping: return .number(fit.spring.dampingRatio)
    case .fanExpandVelocity: return .number(fit.presetVelocity)
    case .fanExpandStagger: return .number(fit.stagger)
    case .fanExpandOrder: return .string(fit.order.rawValue)
    default: return .null
    }
  }

  /// One σ of each field (null when undetermined or not fitted).
  static func sigma(_ id: FieldID, _ u: MenuUncertainty) -> Double? {
    switch id {
    case .fanRadius: return u.radius
    case .fanStartAngle: return u.startAngle
    case .fanEndAngle: return u.endAngle
    case .fanExpandDamping: return u.dampingRatio
    case .fanExpandVelocity: return u.velocity
    case .fanExpandStagger: return u.stagger
    default: return nil
    }
  }

  static func json(_ fit: MenuFit, uikit: (Double, Double, Double)?) -> JSONValue {
    func n(_ x: Double) -> JSONValue { x.isFinite ? .number(x) : .null }
    var m: [(String, JSONValue)] = fields.map { ($0.rawValue, value($0, fit, uikit: uikit)) }
    let u = fit.uncertainty
    var unc: [(String, JSONValue)] = fields.compactMap { id in
      sigma(id, u).map { (id.rawValue, n($0)) }
    }
    unc += [("response", n(u.response)), ("start", n(u.start))]
    m += [
      ("uncertainty", .object(unc)),
      ("dampingRatio", .number(fit.spring.dampingRatio)), ("response", .number(fit.response)),
      ("stiffness", .number(fit.spring.stiffness)), ("damping", .number(fit.spring.damping)),
      ("start", .number(fit.start)),
      ("springEndsAfter", fit.endsAfter.map { .number($0) } ?? .null),
      ("orderRms", .object(fit.orderRMS.map { ($0.order.rawValue, .number($0.rms)) })),
      ("origin", .object([("x", .number(fit.originX)), ("y", .number(fit.originY))])),
      ("pixelsPerPoint", .number(fit.pixelsPerPoint)), ("rms", .number(fit.rms)),
      ("maxError", .number(fit.maxError)), ("unit", .string("px")),
      (
        "items",
        .array(
          fit.items.map { it in
            .object([
              ("index", .number(Double(it.index))), ("angle", .number(it.angle)),
              ("radius", .number(it.radius)), ("start", .number(it.start)),
              ("x", .number(it.restX)), ("y", .number(it.restY)),
              ("samples", .number(Double(it.samples))), ("region", region(it.region)),
            ])
          })
      ),
      (
        "excluded",
        .array(
          fit.excluded.map {
            .object([("region", region($0.region)), ("reason", .string($0.reason))])
          })
      ),
    ]
    return .object(m)
  }

  static func region(_ r: FrameRegion) -> JSONValue {
    .object([
      ("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)),
      ("height", .number(r.height)),
    ])
  }

  static func text(
    input: String, _ fit: MenuFit, uikit: (Double, Double, Double)?, frameInfo: String
  ) -> [String] {
    func f(_ x: Double, _ d: Int = 4) -> String { FitPrinter.f(x, d) }
    func pm(_ x: Double, _ s: Double, _ d: Int) -> String { FitPrinter.pm(x, s, d) }
    let u = fit.uncertainty
    var o: [String] = []
    o.append("video:                   \(input) (\(frameInfo))")
    o.append(
      "menu:                    \(fit.items.count) items bloom from (\(f(fit.originX, 1)), \(f(fit.originY, 1))) px; \(f(fit.pixelsPerPoint, 4)) px per point"
    )
    for it in fit.items {
      o.append(
        "  item \(it.index):                angle \(f(it.angle, 1))°, radius \(f(it.radius, 1)) pt, own start \(f(it.start, 4)) s, \(it.samples) samples, box \(it.region) px"
      )
    }
    for e in fit.excluded {
      o.append("left out:                \(e.region) px: \(e.reason)")
    }
    let evidence = fit.orderRMS.map { "\($0.order.rawValue) \(f($0.rms * 1000, 1)) ms" }
      .joined(separator: ", ")
    o.append(
      "residual:                RMS \(f(fit.rms)) px · max \(f(fit.maxError)) px (item centres)")
    o.append("fields (± one σ):")
    o.append("  fan.count               \(fit.items.count)")
    o.append("  fan.layout              arc, spacing inclusive (first and last item on the ends)")
    o.append("  fan.radius              \(pm(fit.radius, u.radius, 2)) pt")
    o.append("  fan.startAngle          \(pm(fit.startAngle, u.startAngle, 2))°")
    o.append("  fan.endAngle            \(pm(fit.endAngle, u.endAngle, 2))°")
    o.append("  fan.expand.stagger      \(pm(fit.stagger * 1000, u.stagger * 1000, 2)) ms")
    o.append(
      "  fan.expand.order        \(fit.order.rawValue) (RMS of the items' own starts about each order's delays: \(evidence))"
    )
    if let ui = uikit {
      o.append(
        "  fan.expand.duration     \(f(ui.0)) s (UIKit's settling duration of the fitted spring)")
    } else {
      o.append("  fan.expand.duration     none: the fitted spring has no UIKit form")
    }
    o.append("  fan.expand.damping      \(pm(fit.spring.dampingRatio, u.dampingRatio, 4))")
    if fit.presetVelocity == fit.velocity {
      o.append("  fan.expand.velocity     \(pm(fit.velocity, u.velocity, 2)) travels/s")
    } else if !u.velocity.isFinite {
      o.append(
        "  fan.expand.velocity     0 (undetermined: the items' first moments are hidden; fitted \(f(fit.velocity, 2)) travels/s)"
      )
    } else {
      o.append(
        "  fan.expand.velocity     0 (the recording does not pin it: fitted \(pm(fit.velocity, u.velocity, 2)) travels/s)"
      )
    }
    o.append(
      "spring:                  response \(pm(fit.response, u.response, 4)) s · first item starts \(pm(fit.start, u.start, 4)) s"
        + (fit.endsAfter.map { " · ends with UIKit's jump \(f($0, 4)) s after its start" } ?? ""))
    o += FitPrinter.lines(
      SpringEquivalents(
        SpringReading(spring: fit.spring, velocity: fit.presetVelocity, form: "fitted menu spring"))
    )
    return o
  }
}
