extension Scene {
  /// The trace object (docs/FORMATS.md) for the scene at its current time.
  public func trace(frame: Int, view: ViewTransform) -> JSONValue {
    let t = now
    func n(_ d: Double) -> JSONValue { .number(roundTrace(d)) }
    let s = device.safe
    let c = context
    let toastValue: JSONValue =
      toast.map { $0.start <= t && t < $0.until ? .string($0.text) : .null } ?? .null
    return .object(
      [
        ("frame", .number(Double(frame))),
        ("t", .number(t)),
        (
          "device",
          .object([
            ("w", n(device.width)), ("h", n(device.height)),
            (
              "safe",
              .object([
                ("top", n(s.top)), ("left", n(s.left)), ("bottom", n(s.bottom)),
                ("right", n(s.right)),
              ])
            ),
          ])
        ),
        (
          "view",
          .object([
            ("x", n(view.x)), ("y", n(view.y)),
            ("scale", .number(roundTrace(view.scale, places: 6))),
          ])
        ),
        ("fan", fan.trace(at: t, c)),
        ("bubble", bubble.trace(at: t, c)),
        ("keyboard", n(keyboardHeight(at: t))),
        ("toast", toastValue),
        (
          "bubbles",
          .array(floating.bodies.map { .object([("x", n($0.x)), ("y", n($0.y)), ("r", n($0.r))]) })
        ),
      ] + more.map { (type(of: $0.base).name, $0.base.trace(at: t, c)) })
  }
}

/// Trace numbers: 3 decimals (a thousandth of a point), no "-0".
func roundTrace(_ d: Double, places: Int = 3) -> Double {
  let p = places == 3 ? 1000.0 : 1_000_000.0
  let r = (d * p).rounded() / p
  return r == 0 ? 0 : r
}
