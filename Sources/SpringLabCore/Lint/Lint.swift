/// One lint finding: the fields that fix it, what is wrong, and whose advice it is.
public struct LintWarning: Sendable, Equatable, CustomStringConvertible {
  /// The preset fields that fix the problem, most relevant first.
  public var ids: [FieldID]
  /// `ids` as field paths (`fan.expand.damping`), for text and JSON.
  public var fields: [String] { ids.map(\.path) }
  public var message: String
  /// Where the advice comes from (a seed article, Apple's HIG, SpringLab).
  public var source: String
  /// Fan items involved (for outlines on the canvas).
  public var items: [Int] = []
  /// When the finding applies in the live window (the command line reports
  /// every finding regardless).
  public var condition: LintCondition = .always

  public var description: String { "\(fields.joined(separator: ", ")): \(message) [\(source)]" }
}

/// When a lint finding describes what the user sees.
public enum LintCondition: Sendable, Equatable {
  /// A property of the preset, true whatever the scene shows.
  case always
  /// Only while the simulated keyboard shows (the finding is about the
  /// keyboard covering something).
  case whileKeyboardShows
}

/// Design rules from the seeds, checked on a preset as it would run on its device.
public enum Lint {
  /// Reach of a thumb from the bottom corner nearest the main button, as a
  /// fraction of the screen's shorter side (*ours*).
  public static let thumbReach = 0.75
  public static let minimumHitTarget = 44.0

  /// The findings that describe the scene as it is now: `check` without those
  /// whose condition does not hold (a keyboard warning while it is hidden).
  public static func live(_ p: Preset, keyboardShown: Bool) -> [LintWarning] {
    check(p).filter { w in
      switch w.condition {
      case .always: true
      case .whileKeyboardShows: keyboardShown
      }
    }
  }

  public static func check(_ p: Preset) -> [LintWarning] {
    var out: [LintWarning] = []
    func warn(
      _ fields: [FieldID], _ message: String, _ source: String, items: [Int] = [],
      condition: LintCondition = .always
    ) {
      out.append(
        LintWarning(
          ids: fields, message: message, source: source, items: items,
          condition: condition))
    }
    let f = p.fan
    let n = f.count
    let device = Device.of(p)
    let fmt = { (d: Double) in JSONWriter.number(d, places: 3) }
    // why: times read as the graph and the panel print them (0.850, not 0.85)
    let seconds = { (d: Double) in String(format: "%.3f", d) }

    if n > 6 {
      warn([.fanCount], "\(n) items; 3–6 recommended, 7 was \"too crowded\"", "seed 000")
    }
    // geometry at rest
    let main = FanLayout.mainCenter(f, device: device)
    let centres = FanLayout.offsets(f, device: device).map { main + $0 }
    let s = device.safe
    let outside = centres.indices.filter { i in
      let c = centres[i]
      let half = f.size(i) / 2
      return c.x - half < s.left || c.x + half > device.width - s.right || c.y - half < s.top
        || c.y + half > device.height - s.bottom
    }
    if !outside.isEmpty {
      warn(
        [.fanStartAngle, .fanEndAngle, .fanRadius],
        "item\(outside.count > 1 ? "s" : "") \(outside.map(String.init).joined(separator: ", ")) outside the safe area of \(device.name) \(device.orientationName)",
        "seed 000 (off-screen items); users of radial menus", items: outside)
    }
    let mh = f.mainSize / 2
    if main.x - mh < s.left || main.x + mh > device.width - s.right || main.y - mh < s.top
      || main.y + mh > device.height - s.bottom
    {
      warn(
        [.fanMainRight, .fanMainBottom], "main button outside the safe area",
        "Apple HIG (safe area)")
    }
    var overlapping: [Int] = []
    // why: two items touch when their centres are closer than their radii
    // together (each item may have its own size, `fan.items[i].size`)
    var needed = 0.0
    for i in centres.indices {
      for j in centres.indices where j > i {
        let need = (f.size(i) + f.size(j)) / 2
        if centres[i].distance(to: centres[j]) < need - 1e-9 {
          overlapping += [i, j]
          needed = max(needed, need)
        }
      }
    }
    if !overlapping.isEmpty {
      let ids = Array(Set(overlapping)).sorted()
      warn(
        [.fanRadius, .fanStartAngle, .fanEndAngle],
        "items \(ids.map(String.init).joined(separator: ", ")) overlap (closer than \(fmt(needed)) pt)",
        "seed 000",
        items: ids)
    }
    let reach = thumbReach * min(device.width, device.height)
    let dist = centres.map { thumbDistance($0, main: main, device: device) }
    let far = centres.indices.filter { dist[$0] > reach }
    if !far.isEmpty {
      let worst = far.map { dist[$0] }.max() ?? 0
      warn(
        [.fanRadius, .fanCount],
        "farthest item \(fmt(worst)) pt from the thumb's corner; reach is about \(fmt(reach)) pt",
        "seed 000 (thumb reach)",
        items: far)
    }
    if f.hitSize < minimumHitTarget {
      warn(
        [.fanHitSize], "hit target \(fmt(f.hitSize)) pt is below 44 pt",
        "Apple HIG; seed 000 uses 56 pt")
    }
    // timing
    for (m, ids) in [(f.expand, FanMoveFields.expand), (f.collapse, .collapse)]
    where m.curve == .spring {
      if ids == .expand && !(0.6...0.8).contains(m.damping) {
        warn(
          [ids.spring.damping],
          "damping \(fmt(m.damping)) outside the safe zone 0.6–0.8 (0.3 wobbles, 0.9 is dry)",
          "seed 000")
      }
      // why: the jump is UIKit's own only where the mapping has a spring; an
      // unsolvable one is refused by the reader and edits, never played
      let u = UIKitSpring(duration: m.duration, dampingRatio: m.damping, velocity: m.velocity)
      if m.damping < 0.3, u.isSolvable {
        let jump = u.endJump
        warn(
          [ids.spring.damping],
          "UIKit ends the spring at \(fmt(m.duration)) s with a jump of \(fmt(jump * 100)) % of the travel",
          "UIKit (the spring ends exactly at its duration)")
      }
    }
    let plan = MotionPlan(p)
    let (expandTotal, collapseTotal) = totalTimes(plan)
    if expandTotal > 0.6 + 1e-9 {
      // why: the graph headline shows the same two figures (MotionTiming)
      // why: the settle time samples every item; only a warning needs it
      let settles = plan.timing(.fanExpand).settle.map { ", settles at \(seconds($0)) s" } ?? ""
      warn(
        [.fanExpandDuration, .fanExpandStagger],
        "total expand time \(seconds(expandTotal)) s\(settles) > 0.6 s: colleagues called ~1 s \"dizzy\"",
        "seed 000")
    }
    if collapseTotal >= expandTotal - 1e-9 {
      warn(
        [.fanCollapseDuration, .fanCollapseStagger],
        "collapse (total \(seconds(collapseTotal)) s) is not quicker than expand (total \(seconds(expandTotal)) s)",
        "seed 000")
    }
    if f.expand.variant == .stagger && n > 1 {
      let limit = n <= 3 ? 0.07 : n <= 5 ? 0.05 : 0.04
      if f.expand.stagger > limit + 1e-9 {
        warn(
          [.fanExpandStagger],
          "stagger \(fmt(f.expand.stagger)) s is long for \(n) items (3 items ~0.06 s, 6+ shorter; keep ≤ \(fmt(limit)) s)",
          "seed 000")
      } else if f.expand.stagger == 0 {
        warn(
          [.fanExpandStagger], "no stagger: the bloom looks like an explosion",
          "seed 000 (stagger is \"the soul\")")
      }
    }
    // why: k climbs steeply toward the pole at ζ = 1 (UIKitSpring), so a tiny
    // change of damping here changes the motion a lot; a fan move's damping only plays with the spring curve (its
    // overshoot variant included), the bubble's while the bubble shows, a
    // registered control's always
    let steep = PresetSpring.all.filter { s in
      if let curve = s.curve { return p[keyPath: curve].curve == .spring }
      return s.fields.damping.section != .bubble || p.bubble.enabled
    }
    for spring in steep {
      let u = spring.values(p)
      let (field, T, z, v) = (spring.fields.damping, u.duration, u.damping, u.velocity)
      guard z >= UIKitSpring.steepDamping && z <= UIKitSpring.maximumUnderdamped else { continue }
      let k = UIKitSpring(duration: T, dampingRatio: z, velocity: v).spring.stiffness
      let critical = UIKitSpring(duration: T, dampingRatio: 1, velocity: v).spring.stiffness
      warn(
        [field],
        "damping \(fmt(z)) is just under 1, where UIKit's stiffness climbs steeply (k \(fmt(k)) here, \(fmt(critical)) at exactly 1): use ≤ 0.99 or 1",
        "UIKit spring mapping (Framer's SpringCurveValueConverter)")
    }
    // bubble
    let b = p.bubble
    if b.enabled {
      let r = b.size / 2
      if b.startY + r > device.height - s.bottom {
        warn(
          [.bubbleStartY], "the bubble starts under the home indicator (it will be clamped)",
          "seed 002")
      } else if b.startY + r > device.height - device.keyboard {
        warn(
          [.bubbleStartY],
          "the keyboard (\(fmt(device.keyboard)) pt) covers the bubble; it will be pushed up while it shows",
          "seed 002", condition: .whileKeyboardShows)
      }
      if b.snap.damping < 0.3 {
        warn(
          [.bubbleSnapDamping],
          "snap damping \(fmt(b.snap.damping)) wobbles and ends with a visible jump",
          "UIKit (the spring ends exactly at its duration)")
      }
    }
    out += appearance(p, device: device)
    if b.floatingCount > 1 {
      let crowd = FloatingField.crowding(
        count: b.floatingCount, radius: b.floatingRadius, width: device.width,
        height: device.height)
      if crowd > maxFloatingCrowding {
        warn(
          [.bubbleFloatingCount, .bubbleSize],
          "\(b.floatingCount) floating bubbles of \(fmt(b.floatingRadius * 2)) pt overfill the screen (\(fmt(crowd)) per collision cell): they pile up and collisions grow with the square of the count, so the window slows the simulation down",
          "SpringLab (floating-field performance)")
      }
    }
    return out
  }

  /// Average bubbles per collision cell above which floating bubbles are
  /// forced to overlap (about 1.3 fit without) and collisions go quadratic.
  public static let maxFloatingCrowding = 4.0

  /// Seconds from the tap until the last item's move ends, expanding and
  /// collapsing: `MotionTiming.total`, the figure the graph shows (read
  /// from the plan directly, without the settle search).
  public static func totalTimes(_ plan: MotionPlan) -> (expand: Double, collapse: Double) {
    (plan.totalTime(.fanExpand), plan.totalTime(.fanCollapse))
  }

  /// Distance from the thumb's bottom corner: the main button's side, or for
  /// a button within 10 % of the centre line either hand (the nearer corner).
  public static func thumbDistance(_ p: Point, main: Point, device: Device) -> Double {
    let left = Point(0, device.height)
    let right = Point(device.width, device.height)
    if abs(main.x - device.width / 2) < device.width * 0.1 {
      return min(p.distance(to: left), p.distance(to: right))
    }
    return p.distance(to: main.x > device.width / 2 ? right : left)
  }
}
