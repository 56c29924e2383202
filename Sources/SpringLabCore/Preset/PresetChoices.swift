/// A preset field whose value is one of a fixed set of names. JSON keeps the
/// name (`rawValue`); code switches over the cases, never over strings.
public protocol PresetChoice: RawRepresentable, CaseIterable, Sendable, Hashable
where RawValue == String {}

extension PresetChoice {
  /// Every accepted name, in declaration order (as messages list them).
  public static var names: [String] { allCases.map(\.rawValue) }
}

/// How a fan move spreads over its items.
public enum FanVariant: String, PresetChoice {
  /// Per-item delay of `stagger` seconds.
  case stagger
  /// Each item starts when the previous one ends (seed 003).
  case sequential
  /// Out to radius + overshoot, then back (KYCircleMenu's two-phase bloom).
  case overshoot
  /// Every item at once.
  case allAtOnce
}

/// A move's curve: a UIKit spring or a named timing curve.
public enum MotionCurveName: String, PresetChoice {
  /// UIKit duration / damping ratio / initial velocity.
  case spring
  case easeIn, easeOut, easeInOut
  /// Core Animation's default curve (CSS `ease`).
  case caDefault = "default"
  case linear
  /// The preset's own Bézier control points.
  case custom
}

/// Which item moves first.
public enum FanOrder: String, PresetChoice {
  case forward
  /// Last item first.
  case reverse
  /// Middle item first.
  case center
}

/// Where fan items rest.
public enum FanLayoutStyle: String, PresetChoice {
  /// Spread between the start and end angles.
  case arc
  /// Evenly round the circle from the start angle (KYCircleMenu).
  case ring
  /// The preset's own offsets.
  case custom
  /// An arc turned away from the nearest screen edges.
  case auto
}

/// How items share an arc.
public enum FanSpacing: String, PresetChoice {
  /// First and last item on the arc's ends.
  case inclusive
  /// Items spaced (i + 1)/(n + 1) along the arc, none on the ends.
  case inset
}

/// What a tap does while the fan moves.
public enum InputPolicy: String, PresetChoice {
  /// Ignored (the seed's behaviour).
  case lock
  /// Reverses from the current position and velocity.
  case interrupt
}

/// The screen side a bubble starts on.
public enum BubbleSide: String, PresetChoice {
  case left, right
}

/// Where a released bubble rests.
public enum SnapMode: String, PresetChoice {
  /// The nearer side, y kept.
  case sides
  /// The nearest of the four edges.
  case edges
  /// The nearest corner.
  case corner
  /// The side the projected fling reaches (iOS deceleration).
  case fling
}

/// The simulated device models.
public enum DeviceModel: String, PresetChoice {
  case iphoneSE, iphone15, iphone15ProMax, ipadSplit
}

/// Which way the simulated device is held.
public enum Orientation: String, PresetChoice {
  case portrait, landscape

  /// The other orientation (the rotate key).
  public var turned: Orientation { self == .portrait ? .landscape : .portrait }
}

/// A spring's editing vocabulary is stored by its case name (`uikit`,
/// `swiftUIDurationBounce`, `swiftUIResponse`, `physics`).
extension SpringForm: PresetChoice {}
