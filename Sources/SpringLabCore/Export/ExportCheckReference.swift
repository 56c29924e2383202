import Foundation

/// The playground's own curve for one exported animation, sampled from the
/// core models (`FanMenu`, `Bubble`) — never from the exporter.
struct CheckReference {
  let id: String
  /// Progress before the animation and once it is over.
  let from: Double
  let to: Double
  /// Seconds from the trigger to the end (T of the last item move).
  let end: Double
  /// Whether the preset makes this a spring (UIKit exports then also carry UISpringTimingParameters).
  let isSpring: Bool
  /// Progress at `t` seconds after the trigger.
  let sample: (Double) -> Double

  static func all(_ p: Preset) -> [CheckReference] {
    var out: [CheckReference] = []
    var fanP = p.fan
    // why: the rotation's timing does not depend on the angle; a zero angle would leave nothing to normalise by
    if abs(fanP.rotationAngle) < 1e-9 { fanP.rotationAngle = 45 }
    var opening = FanMenu(config: fanP)
    opening.toggle(at: 0)
    var closing = FanMenu(config: fanP, open: true)
    closing.toggle(at: 0)
    func isSpring(_ tr: Track) -> Bool {
      if case .spring = tr.tweens.first?.curve { return true }
      return false
    }
    for (i, tr) in opening.items.enumerated() {
      out.append(
        CheckReference(
          id: PlannedAnimationKind.fanExpand.animationID(item: i), from: 0, to: 1, end: tr.end,
          isSpring: isSpring(tr)
        ) { tr.sample($0).x })
    }
    for (i, tr) in closing.items.enumerated() {
      out.append(
        CheckReference(
          id: PlannedAnimationKind.fanCollapse.animationID(item: i), from: 1, to: 0, end: tr.end,
          isSpring: isSpring(tr)
        ) { tr.sample($0).x })
    }
    let angle = fanP.rotationAngle
    let ro = opening.rotation
    let rc = closing.rotation
    out.append(
      CheckReference(
        id: PlannedAnimationKind.rotationOpen.animationID(), from: 0, to: 1, end: ro.end,
        isSpring: false
      ) {
        ro.sample($0).x / angle
      })
    out.append(
      CheckReference(
        id: PlannedAnimationKind.rotationClose.animationID(), from: 1, to: 0, end: rc.end,
        isSpring: false
      ) {
        rc.sample($0).x / angle
      })

    let device = Device.of(p)
    var b = Bubble(config: p.bubble, device: device)
    let bounds = BubbleSnap.bounds(device: device, size: p.bubble.size, margin: p.bubble.margin)
    // a release 30 % across the screen, still: the snap goes to the left edge
    let start = Point(
      bounds.minX + 0.3 * (bounds.maxX - bounds.minX),
      min(max(p.bubble.startY, bounds.minY), bounds.maxY))
    b.snap(from: start, velocity: Point(0, 0), at: 0, device: device, keyboard: 0)
    let snapped = b
    let target = snapped.center(at: 1e6)
    let useX = abs(target.x - start.x) >= abs(target.y - start.y)
    let span = useX ? target.x - start.x : target.y - start.y
    out.append(
      CheckReference(
        id: PlannedAnimationKind.bubbleSnap.animationID(), from: 0, to: 1,
        end: p.bubble.snap.duration,
        isSpring: true
      ) { t in
        let c = snapped.center(at: t)
        return abs(span) < 1e-12 ? 1 : ((useX ? c.x - start.x : c.y - start.y) / span)
      })
    var mo = Bubble(config: p.bubble, device: device)
    mo.setMenu(open: true, at: 0)
    let menuOpen = mo
    out.append(
      CheckReference(
        id: PlannedAnimationKind.bubbleMenuOpen.animationID(), from: 0, to: 1,
        end: p.bubble.menu.duration,
        isSpring: true
      ) {
        menuOpen.menuProgress(at: $0)
      })
    var mc = Bubble(config: p.bubble, device: device)
    mc.setMenu(open: true, at: -100)
    mc.setMenu(open: false, at: 0)
    let menuClose = mc
    out.append(
      CheckReference(
        id: PlannedAnimationKind.bubbleMenuClose.animationID(), from: 1, to: 0,
        end: p.bubble.menuCloseDuration,
        isSpring: false
      ) {
        menuClose.menuProgress(at: $0)
      })
    // why: a registered control has no runtime type known here; its planned
    // track is what its own runtime plays (controls start their tracks from the plan)
    let registered = MotionDescriptor.registered.map(\.id)
    for a in MotionPlan(p).animations where a.motion.map(registered.contains) == true {
      let tr = a.track(at: 0, from: a.from, carried: nil)
      let spring: Bool
      if case .spring = tr.tweens.first?.curve { spring = true } else { spring = false }
      out.append(
        CheckReference(id: a.id, from: a.from, to: a.to, end: tr.end, isSpring: spring) {
          tr.sample($0).x
        })
    }
    return out
  }
}
