/// Series for the curve graph (G): each item's progress 0 → 1 against time
/// with its stagger offset, the main button's rotation (0 → 1 of its angle),
/// and summary figures.
public struct CurveGraph: Sendable, Equatable {
  public struct Series: Sendable, Equatable {
    public var name: String
    /// (t seconds, value) samples.
    public var points: [(Double, Double)]
    public static func == (a: Series, b: Series) -> Bool {
      a.name == b.name && a.points.count == b.points.count
        && zip(a.points, b.points).allSatisfy { $0 == $1 }
    }
  }

  public var items: [Series]
  public var rotation: Series
  /// The motion's figures (total, settle, overshoot): the plan's
  /// `MotionTiming`, the same the graph, lint and the panel show.
  public var timing: MotionTiming
  /// Time span drawn, seconds.
  public var span: Double

  /// The expand (or collapse with `expand: false`) of `fan`, sampled every `dt` seconds.
  public init(fan: FanPreset, expand: Bool = true, dt: Double = 1.0 / 240) {
    var menu = FanMenu(config: fan, open: !expand)
    menu.toggle(at: 0)
    let end = max(menu.motionEnd, 0.05)
    span = end * 1.15
    var series: [Series] = []
    for i in 0..<fan.count {
      var pts: [(Double, Double)] = []
      var t = 0.0
      while t <= span + 1e-9 {
        let p = menu.items[i].sample(t).x
        pts.append((t, p))
        t += dt
      }
      series.append(Series(name: "item \(i + 1)", points: pts))
    }
    items = series
    var rot: [(Double, Double)] = []
    var t = 0.0
    let angle = fan.rotationAngle == 0 ? 1 : fan.rotationAngle
    while t <= span + 1e-9 {
      rot.append((t, menu.mainRotation(at: t) / angle))
      t += dt
    }
    rotation = Series(name: "rotation", points: rot)
    timing = MotionPlan(animations: MotionPlan.fanItems(fan, expand: expand)).timing(
      expand ? .fanExpand : .fanCollapse)
  }
}
