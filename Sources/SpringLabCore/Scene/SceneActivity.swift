extension Scene {
  /// Whether anything on screen changes at `t` (so the window must keep
  /// drawing). False means the picture is still and the window can sleep.
  public func isAnimating(at t: Double) -> Bool {
    if fan.isAnimating(at: t) || bubble.isAnimating(at: t) { return true }
    if more.contains(where: { $0.base.isAnimating(at: t) }) { return true }
    if keyboardMoving(at: t) || turning(at: t) { return true }
    if toast != nil { return true }
    if floating.count > 0 { return true }
    if pointer != nil { return true }
    return false
  }

  /// The next time something will start changing by itself (an idle fade),
  /// or nil: lets an idle window sleep until then.
  public func nextWake(after t: Double) -> Double? {
    let c = bubble.config
    guard c.idleDelay > 0, bubble.phase == .idle else { return nil }
    let fadeStart = bubble.lastTouch + c.idleDelay
    if t < fadeStart { return fadeStart }
    if t < fadeStart + 0.3 { return t }
    return nil
  }
}
