extension MotionID {
  /// The built-in motions, in field-table order.
  public static let builtIn: [MotionID] = MotionDescriptor.builtIn.map(\.id)

  /// Every motion: the built-in ones, then the registered controls'.
  public static var allCases: [MotionID] { MotionDescriptor.all.map(\.id) }

  /// The motion's one description.
  public var descriptor: MotionDescriptor {
    MotionDescriptor.byID[self] ?? MotionDescriptor.registered.first { $0.id == self }!
  }
}

/// One motion of a control, declared once next to the control that plays
/// it: what it is called, which preset spring it plays, what it is paired
/// and drawn with, which fields it reads and what its progress draws. Spring paste, the graph's targets and handles, lint's
/// spring rules, the preset's schema choice and `PresetSpring` read these.
public struct MotionDescriptor: @unchecked Sendable {
  public let id: MotionID
  /// The graph picker's and messages' name ("Expand", "Bubble snap").
  public let title: String
  /// The field-path prefix of its settings and the trace's `graph.target`
  /// (`fan.expand`, `bubble.snap`, `keyboard`): text at the file boundary.
  public let path: String
  /// The preset spring it plays when `isSpring` (which also names the fan
  /// move holding its timing-curve choice); nil for motions that are never a
  /// spring (eased rotation, fly-out, fades, the keyboard).
  public let spring: PresetSpring?
  /// Seconds one play of it takes in the preset (for a spring: UIKit's
  /// settling duration; for a fan move: one item's move, delays left out).
  public let duration: @Sendable (Preset) -> Double
  /// The same motion played the other way (expand ↔ collapse, menu open ↔
  /// close); nil when there is none.
  public let paired: MotionID?
  /// Motions its graph draws and follows with it (the main button's turn
  /// with the fan's items).
  public let drawnWith: [MotionID]
  /// The preset fields it reads; editing one of them shows this motion on the graph.
  public let fields: [FieldID]
  /// What its progress draws (travel, scale, opacity, turn): the one place
  /// the runtime and every exporter read these numbers from.
  public let mapping: VisualMapping

  public init(
    _ id: MotionID, _ title: String, path: String, spring: PresetSpring? = nil,
    duration: @escaping @Sendable (Preset) -> Double, paired: MotionID? = nil,
    drawnWith: [MotionID] = [], fields: [FieldID], mapping: VisualMapping
  ) {
    self.id = id
    self.title = title
    self.path = path
    self.spring = spring
    self.duration = duration
    self.paired = paired
    self.drawnWith = drawnWith
    self.fields = fields
    self.mapping = mapping
  }

  /// Whether the preset plays it as a spring now.
  public func isSpring(_ p: Preset) -> Bool { spring?.isSpring(p) ?? false }

  /// The fan move holding its timing-curve choice; nil when it has none.
  public var curve: WritableKeyPath<Preset, FanMotion>? { spring?.curve }

  /// The built-in motions, in field-table order (the fan's, the bubble's, the keyboard's).
  public static let builtIn: [MotionDescriptor] = fan + bubble + [keyboard]

  /// The motions of the controls registered in `ControlRegistry.more`.
  public static var registered: [MotionDescriptor] {
    ControlRegistry.more.flatMap { ($0 as? any SceneControl.Type)?.motions ?? [] }
  }

  /// Every motion: the built-in ones, then the registered controls'.
  public static var all: [MotionDescriptor] { builtIn + registered }

  /// The motions that can be springs, in field-table order: fan expand,
  /// fan collapse, bubble snap, bubble menu, then the registered controls'.
  public static var springs: [MotionDescriptor] { all.filter { $0.spring != nil } }

  static let byID: [MotionID: MotionDescriptor] = Dictionary(
    uniqueKeysWithValues: builtIn.map { ($0.id, $0) })
}
