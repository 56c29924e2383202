import Foundation
import Testing

@testable import SpringLabCore

/// The fixture toggle (Tests/SpringLabCoreTests/FixtureControl/, registered by
/// one line) appears everywhere a control's declarations reach, with no edit
/// outside its folder; unregistered, nothing of it shows.
@Suite("Fixture control")
struct FixtureControlTests {
  static let knobDamping = FieldID("toggle.knob.damping")

  func number(_ v: JSONValue?) -> Double? {
    if case .number(let d)? = v { return d }
    return nil
  }

  @Test func itAppearsInTheTrace() throws {
    try FixtureToggle.register {
      var s = Scene(preset: Preset())
      s.advance(to: 1)
      let before = try #require(s.traceObject()["toggle"])
      #expect(before["on"] == .bool(false))
      s.send(.pointerDown(FixtureToggle.centre))
      s.send(.pointerUp(FixtureToggle.centre))
      s.advance(to: 1.1)
      let moving = try #require(s.traceObject()["toggle"])
      #expect(moving["on"] == .bool(true))
      let p = try #require(number(moving["progress"]))
      #expect(p > 0 && p < 1.2)
      #expect(number(moving["scale"]) == FixtureToggle.knobMapping.scale.at(p))
      s.advance(to: 2)
      #expect(number(s.traceObject()["toggle"]?["progress"]) == 1)
    }
  }

  @Test func itsFieldsAreInTheFieldTableAndTheDocs() {
    FixtureToggle.register {
      let paths = PresetField.all.map(\.path)
      for f in ["toggle.travel", "toggle.knob.duration", "toggle.knob.damping", "toggle.knob.mass"]
      {
        #expect(paths.contains(f), "\(f)")
        #expect(FieldID(rawValue: f)?.field.path == f)
      }
      #expect(Self.knobDamping.field.isDampingRatio)
      let docs = PresetField.docsMarkdown()
      #expect(docs.contains("| `toggle.travel` | points | 10 … 200 | `36` |"))
      #expect(docs.contains("`toggle.knob.damping`"))
    }
  }

  @Test func presetsReadValidateAndWriteItsSection() throws {
    try FixtureToggle.register {
      let good = #"{"toggle": {"travel": 48, "knob": {"duration": 0.4, "damping": 0.6}}}"#
      let p = try PresetReader.decode(Data(good.utf8), file: "t.json")
      #expect(p[keyPath: FixtureToggle.travel] == 48)
      #expect(p[keyPath: FixtureToggle.spec].damping == 0.6)
      let bad = #"{"toggle": {"travel": 500, "knob": {"damping": 0.9995}}}"#
      #expect(throws: LoadError.self) { try PresetReader.decode(Data(bad.utf8), file: "t.json") }
      do {
        _ = try PresetReader.decode(Data(bad.utf8), file: "t.json")
      } catch let error as LoadError {
        #expect(Set(error.problems.map(\.path)) == ["toggle.travel", "toggle.knob.damping"])
      }
      // the JSON export is the resolved preset: its section included, read back the same
      let json = Exporter.export(p, format: .json)
      #expect(json.contains("\"toggle\": {"))
      #expect(try PresetReader.decode(Data(json.utf8), file: "t.json") == p)
      // a default preset keeps only defaults, and still reads back the same
      let d = Exporter.export(Preset(), format: .json)
      #expect(try PresetReader.decode(Data(d.utf8), file: "d.json") == Preset())
    }
  }

  @Test func unregisteredNothingOfItShows() throws {
    #expect(!PresetField.all.contains { $0.path.hasPrefix("toggle.") })
    #expect(FieldID(rawValue: "toggle.travel") == nil)
    #expect(!GraphTarget.allCases.contains(.registered(FixtureToggle.knobID)))
    let text = #"{"toggle": {"travel": 48}}"#
    do {
      _ = try PresetReader.decode(Data(text.utf8), file: "t.json")
      Issue.record("an unregistered control's section is an unknown field")
    } catch {
      #expect(error.problems.map(\.reason) == ["unknown field"])
    }
    #expect(!Exporter.export(Preset(), format: .json).contains("toggle"))
    #expect(!Exporter.export(Preset(), format: .css).contains("toggle"))
  }

  @Test func itIsAGraphTarget() throws {
    try FixtureToggle.register {
      let t = GraphTarget.registered(FixtureToggle.knobID)
      #expect(GraphTarget.allCases.last == t)
      #expect(t.title == "Toggle knob")
      #expect(t.fieldPath == "toggle.knob")
      #expect(GraphTarget(editing: Self.knobDamping) == t)
      let curves = MotionGraph.curves(Preset(), t, paired: false)
      #expect(curves.count == 2)
      let on = try #require(curves.first)
      #expect(on.from == 0 && on.to == 1)
      // the knob's spring (ζ 0.7) overshoots and is at rest at its duration
      let d = FixtureToggle.defaultSpring.duration
      #expect(stride(from: 0.0, through: d, by: 0.005).map { on.track.sample($0).x }.max()! > 1)
      #expect(on.track.sample(d).x == 1)
    }
  }

  @Test func lintsSpringRulesCoverIt() {
    FixtureToggle.register {
      var p = Preset()
      #expect(!Lint.check(p).contains { $0.fields.contains(Self.knobDamping.path) })
      p[keyPath: FixtureToggle.spec].damping = 0.995
      let w = Lint.check(p).filter { $0.fields == [Self.knobDamping.path] }
      #expect(w.count == 1)
      #expect(w.first?.message.contains("just under 1") == true)
      #expect(MotionDescriptor.springs.map(\.id).last == FixtureToggle.knobID)
    }
  }

  @Test func theCSSExportPrintsItFromItsDescriptor() {
    FixtureToggle.register {
      let css = Exporter.export(Preset(), format: .css)
      let v = "--springlab-toggle-knob"
      #expect(css.contains("@property \(v) {"))
      #expect(css.contains("scale: calc(0.9 + 0.1 * var(\(v)))"))
      #expect(css.contains("/* [toggle.knob.on] UIKit spring 0.35 s, damping 0.7"))
      #expect(css.contains(".springlab-toggle-knob.on { \(v): 1; transition: \(v) "))
      #expect(css.contains(".springlab-toggle-knob { \(v): 0; transition: \(v) "))
      // the spring is one of the stylesheet's shared linear() easings
      #expect(css.contains("/* UIKit spring 0.35 s, damping 0.7, velocity 0, delay 0 s */"))
    }
  }

  /// `export --check` still passes with the control registered: the JSON
  /// export reads back as the same preset (its section included) and the
  /// fan's and bubble's CSS animations are unchanged beside the toggle's.
  @Test func exportCheckStillPassesWithItRegistered() {
    FixtureToggle.register {
      var p = shipped("seed-002-bubble.json")
      p[keyPath: FixtureToggle.travel] = 52
      for format in [ExportFormat.json, .css] {
        let rows = ExportCheck.check(p, format: format, text: Exporter.export(p, format: format))
        #expect(!rows.isEmpty)
        for r in rows { #expect(r.problem == nil, "\(format) \(r.animation): \(r.problem ?? "")") }
      }
    }
  }

  /// Every code export prints the toggle's animations from its descriptor
  /// alone (a function per animation, its timing line, its mapping in
  /// words), and `export --check` reads each back within its bound, the
  /// UIKit forms (animate, physics, iOS 17) and the SwiftUI fallback included.
  @Test func everyCodeExportPrintsItAndTheCheckReadsItBack() throws {
    try FixtureToggle.register {
      var p = shipped("seed-002-bubble.json")
      p[keyPath: FixtureToggle.spec].damping = 0.6
      let refs = CheckReference.all(p).map(\.id)
      #expect(refs.contains("toggle.knob.on") && refs.contains("toggle.knob.off"))
      let names: [ExportFormat: String] = [
        .swiftui: "static func toggleKnobOn(set: @escaping (Double) -> Void) {",
        .uikit: "func springLabToggleKnobOn(set: @escaping (CGFloat) -> Void) {",
        .compose:
          "fun CoroutineScope.springLabToggleKnobOn(value: Animatable<Float, AnimationVector1D>) {",
        .framer: "export function springLabToggleKnobOn(value) {",
        .css: ".springlab-toggle-knob.on {",
      ]
      for format in ExportFormat.allCases where format != .json {
        let text = Exporter.export(p, format: format)
        #expect(
          text.contains("[toggle.knob.on]") && text.contains("[toggle.knob.off]"), "\(format)")
        let name = try #require(names[format])
        #expect(text.contains(name), "\(format)")
        #expect(text.contains("Timing · Toggle knob [toggle.knob.on]: Total "), "\(format)")
        if format != .css {
          #expect(text.contains("scale = 0.9 + 0.1 * p"), "\(format)")
        }
        let rows = ExportCheck.check(p, format: format, text: text)
        let toggle = rows.filter { $0.animation.hasPrefix("toggle.knob") }
        // uikit: animate, physics and iOS 17 per animation; swiftui: iOS 17 and fallback;
        // css: linear() and the @supports fallback (shown, not enforced)
        let perAnimation = [ExportFormat.uikit: 3, .swiftui: 2, .css: 2][format] ?? 1
        #expect(toggle.count == 2 * perAnimation, "\(format): \(toggle.map(\.format))")
        for r in rows {
          #expect(
            r.pass, "\(format) \(r.format) \(r.animation): \(r.problem ?? "\(r.maxErrorPercent) %")"
          )
        }
      }
      // unregistered, the same preset's exports have none of it
      let plain = Exporter.export(p, format: .swiftui)
      ControlRegistry.$more.withValue([]) {
        #expect(!Exporter.export(p, format: .swiftui).contains("toggle"))
      }
      #expect(plain.contains("toggleKnobOn"))
    }
  }

  /// The UIKit export with the toggle's functions still type-checks.
  @Test func theUIKitExportWithItTypeChecks() throws {
    let code = FixtureToggle.register {
      Exporter.export(shipped("seed-002-bubble.json"), format: .uikit)
    }
    #expect(code.contains("func springLabToggleKnobOffSpring("))
    let (status, out) = try ExportUIKitTypeCheckTests.typecheck(code)
    #expect(status == 0, "\(out)")
  }

  /// Swift Testing runs tests in parallel: a registration is bound to its
  /// task, so another task at the same moment sees none.
  @Test func aRegistrationDoesNotLeakToOtherTasks() async {
    FixtureToggle.register {
      #expect(PresetField.all.contains { $0.path == "toggle.travel" })
    }
    let elsewhere = await Task.detached { PresetField.all.contains { $0.path == "toggle.travel" } }
      .value
    #expect(!elsewhere)
  }
}
