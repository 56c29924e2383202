import SpringLabCore
import SpringLabUI

extension StudioState {
  // MARK: scene input

  /// Feeds the scene (and A, and the recordings) one input now; `edited`
  /// names the fields a panel edit changed, for the recordings' `set` events.
  mutating func send(_ input: SceneInput, edited: [FieldID] = []) {
    timeline.send(input)
    if var c = compare {
      if case .setPreset = input {} else { c.ghost.send(input) }
      compare = c
    }
    let t = timeline.time
    recorder?.record(input, at: t, edited: edited)
    if var tk = take {
      tk.recorder.record(input, at: t - tk.start, edited: edited)
      take = tk
    }
  }

  /// Replaces the settings (panel edit, undo, load): the fan comes to rest
  /// and the change shows on the next replay. The recovery copy follows in
  /// `reduce`, as for every change.
  mutating func applyPreset(_ p: Preset, edited: [FieldID] = []) {
    guard p != preset else { return }
    send(.setPreset(p), edited: edited)
  }

  /// Of the fields an undo step names (nil: it names none), those whose
  /// value on screen differs from `p`'s: what undoing or redoing it sets.
  func changed(_ fields: [FieldID]?, to p: Preset) -> [FieldID] {
    (fields ?? []).filter { preset[field: $0] != p[field: $0] }
  }

  mutating func flash(_ text: String) { toast = Toast(text: text, until: now + 2.5) }

  // MARK: time

  mutating func tick(to t: Double, _ fx: inout [StudioEffect]) {
    var dt = max(0, t - now)
    now = max(now, t)
    if let at = play?.pauseAt, !timeline.paused {
      // why: --pause-at stops at exactly T, whatever the frame timing
      let left = (at - timeline.time) / timeline.speed
      if dt >= left {
        advanceTimeline(wall: max(0, left))
        timeline.togglePause()
        play?.pauseAt = nil
        dt = 0
      }
    }
    advanceTimeline(wall: dt)
    if var c = compare {
      c.ghost.seek(to: timeline.time)
      compare = c
    }
    if autoReplay && !timeline.paused { stepAutoReplay() }
    if replayBloomPending {
      switch scene.fan.phase(at: scene.now) {
      case .collapsed:
        replayBloomPending = false
        send(.command(.toggleFan))
      // why: the designer opened it again meanwhile; nothing more to replay
      case .expanding, .expanded: replayBloomPending = false
      case .collapsing: break
      }
    }
    if let m = toast, now >= m.until { toast = nil }
    if recovery.dirty && now - recovery.lastWrite >= StudioFiles.recoveryInterval {
      autosave(&fx)
    }
    if overlays.trails { recordTrails() }
    let hidden = scene.bubble.phase == .hidden
    if hidden && !bubbleWasHidden { flash("Bubble dismissed by a long press · B shows it again") }
    bubbleWasHidden = hidden
  }

  /// Moves scene time by a wall interval, playing the live script if any.
  mutating func advanceTimeline(wall dt: Double) {
    guard var p = play else {
      timeline.tick(wall: dt)
      return
    }
    timeline.tick(wall: dt, playing: &p.player)
    play = p
  }

  /// Writes the recovery copy of unsaved edits, or removes ours once saved.
  mutating func autosave(_ fx: inout [StudioEffect]) {
    recovery.lastWrite = now
    recovery.dirty = false
    if modified {
      fx.append(.writeRecovery(name: recovery.name, preset))
      recovery.wrote = true
    } else if recovery.wrote {
      fx.append(.removeRecovery(name: recovery.name))
      recovery.wrote = false
    }
  }

  /// Auto-replay: expand → hold → collapse → hold, for hands-free tuning.
  mutating func stepAutoReplay() {
    let t = scene.now
    let phase = scene.fan.phase(at: t)
    guard phase == .collapsed || phase == .expanded else { return }
    if t >= autoReplayNext {
      send(.command(.toggleFan))
      autoReplayNext = scene.fan.motionEnd + (phase == .collapsed ? 0.9 : 0.6)
    }
  }

  /// The onion skin (T): each item where it was at evenly spaced times of
  /// the current fan motion (every `trailInterval` seconds from its start,
  /// oldest first), so the spacing reads the easing. Ghosts stay
  /// `trailLinger` seconds after the motion ends, then clear.
  mutating func recordTrails() {
    trails = Self.trails(of: scene, interval: trailInterval)
    if var c = compare {
      c.trails = Self.trails(of: c.ghost.scene, interval: trailInterval)
      compare = c
    }
  }

  /// Each item of `scene`'s fan where it was every `interval` seconds of the
  /// current motion (oldest first, at most `trailCap` per item); empty once
  /// the motion has been over for `trailLinger` seconds.
  static func trails(of scene: Scene, interval: Double) -> [[Point]] {
    let fan = scene.fan
    let now = scene.now
    guard let start = fan.items.compactMap({ $0.tweens.first?.start }).min(),
      now < fan.motionEnd + StudioState.trailLinger
    else {
      return []
    }
    let items = scene.fanItems(at: now)
    var out: [[Point]] = Array(repeating: [], count: items.count)
    let last = min(now, fan.motionEnd)
    let n = Int(((last - start) / interval).rounded(.down))
    // why: the newest ghosts matter most; older ones beyond the cap are dropped
    for k in max(0, n - StudioState.trailCap + 1)...max(0, n) {
      let t = start + Double(k) * interval
      guard t <= last else { break }
      for (i, it) in scene.fanItems(at: t).enumerated() where it.alpha > 0.02 && i < out.count {
        out[i].append(it.center)
      }
    }
    return out
  }
}
