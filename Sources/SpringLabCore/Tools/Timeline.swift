/// Playground time: slow motion, pause, frame stepping and scrubbing over a
/// scene. Because animations are closed form and inputs are the only other
/// source of change, the scene at any earlier time is the snapshot taken
/// after the last input before it, advanced to that time: stepping forward
/// then back gives the identical state. The scene is live: a floating field
/// too heavy to step in real time slows down (`Scene.catchUpBudget`).
public struct SceneTimeline: Sendable {
  /// Speeds offered by `-` / `=`.
  public static let speeds: [Double] = [1, 0.5, 0.25, 0.1]
  public private(set) var speedIndex = 0
  public private(set) var paused = false
  /// Scene time now, seconds.
  public private(set) var time = 0.0
  /// The live scene at `time`.
  public private(set) var scene: Scene
  /// Snapshots after each input, oldest first (bounded).
  private var snapshots: [Scene]
  public static let frameStep = 1.0 / 60
  public var snapshotLimit = 2000

  public init(scene: Scene) {
    var scene = scene
    scene.catchUpBudget = Scene.liveCatchUpBudget
    self.scene = scene
    snapshots = [scene]
    time = scene.now
  }

  public var speed: Double { SceneTimeline.speeds[speedIndex] }

  public mutating func slower() { speedIndex = min(SceneTimeline.speeds.count - 1, speedIndex + 1) }
  public mutating func faster() { speedIndex = max(0, speedIndex - 1) }
  public mutating func togglePause() { paused.toggle() }

  /// Advances by a wall-clock interval `dt` seconds (scaled by speed; none while paused).
  public mutating func tick(wall dt: Double) {
    guard !paused, dt > 0 else { return }
    time += dt * speed
    scene.advance(to: time)
  }

  /// Applies an input now and snapshots the result.
  public mutating func send(_ input: SceneInput) {
    scene.advance(to: time)
    scene.send(input)
    // why: input after scrubbing back starts a new future
    snapshots.removeAll { $0.now > time }
    snapshots.append(scene)
    if snapshots.count > snapshotLimit { snapshots.removeFirst(snapshots.count - snapshotLimit) }
  }

  /// Jumps to scene time `t` (scrub or step); earlier than now rebuilds from
  /// the last snapshot before `t`. Not earlier than the oldest snapshot.
  public mutating func seek(to t: Double) {
    let target = max(snapshots.first?.now ?? 0, t)
    // why: always rebuild from the last snapshot at or before the target so
    // inputs recorded later are neither lost nor applied early
    scene = snapshots.last { $0.now <= target } ?? snapshots[0]
    scene.advance(to: target)
    time = target
  }

  public mutating func stepForward() { seek(to: time + SceneTimeline.frameStep) }
  public mutating func stepBack() { seek(to: time - SceneTimeline.frameStep) }

  /// Like `tick(wall:)`, while playing a script (`--play`): each event due
  /// in the interval takes effect at exactly its own time; a snapshot is
  /// taken only when an event fired, so stepping back stays exact.
  public mutating func tick(wall dt: Double, playing player: inout ScriptPlayer) {
    guard !paused, dt > 0 else { return }
    let target = time + dt * speed
    let due = player.nextTime.map { $0 <= target } ?? false
    scene.advance(to: time)
    player.run(&scene, until: target)
    time = target
    guard due else { return }
    snapshots.removeAll { $0.now > time }
    snapshots.append(scene)
    if snapshots.count > snapshotLimit { snapshots.removeFirst(snapshots.count - snapshotLimit) }
  }

  /// Replaces the scene wholesale (preset load keeps time running).
  public mutating func reset(_ s: Scene) {
    var s = s
    s.catchUpBudget = Scene.liveCatchUpBudget
    scene = s
    snapshots = [s]
    time = s.now
  }
}
