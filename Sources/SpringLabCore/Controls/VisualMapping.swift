/// One drawn quantity as an affine function of a motion's progress p:
/// `from + span · p` (p = 0 at the start, 1 at rest; above 1 it overshoots
/// with the spring). Stored as `from` and `span` so the runtime computes
/// exactly the arithmetic the exporters print.
public struct ProgressChannel: Sendable, Equatable {
  /// The value at progress 0.
  public let from: Double
  /// How much it changes from progress 0 to 1.
  public let span: Double

  public init(from: Double, span: Double) {
    self.from = from
    self.span = span
  }

  /// The value at progress 1.
  public var to: Double { from + span }

  /// The channel that is the progress itself (0 → 1).
  public static let progress = ProgressChannel(from: 0, span: 1)
  /// A channel that stays at `value`.
  public static func constant(_ value: Double) -> ProgressChannel {
    ProgressChannel(from: value, span: 0)
  }

  /// The value at progress `p`.
  public func at(_ p: Double) -> Double { from + span * p }

  /// The value at `p` clamped to 0…1 (an opacity).
  public func clamped(_ p: Double) -> Double { max(0, min(1, at(p))) }

  /// The channel written as an expression of `variable` with numbers spelled
  /// by `number` (`0.4 + 0.6 * p`; the progress channel is `p` itself).
  public func expression(of variable: String, number: (Double) -> String) -> String {
    if from == 0 && span == 1 { return variable }
    if span == 0 { return number(from) }
    let term = abs(span) == 1 ? variable : "\(number(abs(span))) * \(variable)"
    if from == 0 && span > 0 { return term }
    return "\(number(from)) \(span < 0 ? "-" : "+") \(term)"
  }
}

/// What a motion's progress p draws, as data: the fraction of its travel
/// moved, its scale, its opacity (clamped to 0…1) and its turn as a fraction
/// of the control's angle (the fan's `spin`, the main button's angle). Each
/// motion's `MotionDescriptor` declares it once; the control's runtime, the
/// drawers (through the runtime) and every exporter read it.
public struct VisualMapping: Sendable, Equatable {
  /// Fraction of the way from its start to its rest.
  public let position: ProgressChannel
  public let scale: ProgressChannel
  /// Opacity before clamping to 0…1.
  public let alpha: ProgressChannel
  /// Fraction of the control's angle turned.
  public let rotation: ProgressChannel

  public init(
    position: ProgressChannel = .progress, scale: ProgressChannel = .constant(1),
    alpha: ProgressChannel = .constant(1), rotation: ProgressChannel = .constant(0)
  ) {
    self.position = position
    self.scale = scale
    self.alpha = alpha
    self.rotation = rotation
  }

  /// A move that only travels (the bubble's snap).
  public static let travel = VisualMapping()
  /// A turn by the control's angle and nothing else (the main button).
  public static let turn = VisualMapping(position: .constant(0), rotation: .progress)
  /// Nothing drawn follows the progress directly (fades, the keyboard's slide).
  public static let none = VisualMapping(position: .constant(0))
}
