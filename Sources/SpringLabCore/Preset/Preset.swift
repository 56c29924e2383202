/// A Bézier timing curve's control points, stored in presets.
public struct BezierPoints: Sendable, Equatable {
  public var x1 = 0.42, y1 = 0.0, x2 = 0.58, y2 = 1.0
  public init() {}
  public var curve: CubicBezier { CubicBezier(x1, y1, x2, y2) }
}

/// One UIKit spring as a preset stores it: what plays (UIKit's settling
/// duration, damping ratio and initial velocity) and how it is edited (the
/// form and the physics form's mass). The bubble's springs are one each; a
/// fan move reads and writes its own as `FanMotion.spring`.
public struct SpringSpec: Sendable, Hashable {
  /// UIKit's settling duration, seconds (> 0): the spring is at rest exactly then.
  public var duration: Double
  /// UIKit's damping ratio ζ: 0.05 … 0.999 or exactly 1 (`UIKitSpring.acceptedDamping`).
  public var damping: Double
  /// UIKit initial velocity: 1 = the whole distance per second.
  public var velocity: Double
  /// The vocabulary the designer edits this spring in (the motion is the
  /// same whatever the form: the preset keeps UIKit's three numbers).
  public var form = SpringForm.uikit
  /// The mass the physics form shows stiffness and damping for (k/m and c/m
  /// are the spring; the mass only scales how they read).
  public var mass = 1.0

  public init(duration: Double, damping: Double, velocity: Double) {
    self.duration = duration
    self.damping = damping
    self.velocity = velocity
  }

  /// Whether the spring is the one schema 2 could hold (default form and mass).
  public var isSchema2: Bool { form == .uikit && mass == 1 }
}

/// One animated move of the fan (expand or collapse). Times in seconds.
public struct FanMotion: Sendable, Equatable {
  /// `stagger` (per-item delay), `sequential` (each starts when the previous
  /// ends, seed 003), `overshoot` (radius + overshoot then back, KYCircleMenu),
  /// `allAtOnce`.
  public var variant = FanVariant.stagger
  /// `spring` (UIKit duration/damping/velocity) or a timing curve name:
  /// `easeIn`, `easeOut`, `easeInOut`, `default`, `linear`, `custom` (uses `bezier`).
  public var curve = MotionCurveName.spring
  public var bezier = BezierPoints()
  public var duration = 0.4
  public var damping = 0.72
  /// UIKit initial velocity: 1 = the whole distance per second.
  public var velocity = 0.6
  /// The vocabulary the designer edits this spring in (the motion is the
  /// same whatever the form: the preset keeps UIKit's three numbers).
  public var form = SpringForm.uikit
  /// The mass the physics form shows stiffness and damping for (k/m and c/m
  /// are the spring; the mass only scales how they read).
  public var mass = 1.0
  /// Delay between consecutive items, seconds.
  public var stagger = 0.045

  /// The move's spring numbers, read and written in place (they stay flat
  /// here because the fan's JSON and its timing curve share `duration`).
  public var spring: SpringSpec {
    get {
      var s = SpringSpec(duration: duration, damping: damping, velocity: velocity)
      s.form = form
      s.mass = mass
      return s
    }
    set {
      (duration, damping, velocity, form, mass) = (
        newValue.duration, newValue.damping, newValue.velocity, newValue.form, newValue.mass
      )
    }
  }
  /// `forward`, `reverse` (last first) or `center` (middle first).
  public var order = FanOrder.forward
}

public struct FanPreset: Sendable, Equatable {
  public var count = 5
  /// `arc`, `ring`, `custom` (uses `offsets`) or `auto` (arc turned away from edges).
  public var layout = FanLayoutStyle.arc
  public var radius = 120.0
  /// Degrees; 0° = right, increasing clockwise on screen (y down).
  public var startAngle = 170.0
  public var endAngle = 280.0
  /// `inclusive` (first and last item on the ends) or `inset`.
  public var spacing = FanSpacing.inclusive
  /// Per-item translations from the main button for `custom`, points.
  public var offsets: [Point] = []
  /// Icon names per item, cycled.
  public var icons = ["note", "scan", "photo", "calendar", "star"]
  public var mainSize = 56.0
  public var itemSize = 50.0
  public var hitSize = 56.0
  /// Main button centre, points from the safe area's right and bottom edges.
  public var mainRight = 70.0
  public var mainBottom = 80.0
  public var expand = FanMotion()
  public var collapse: FanMotion = {
    var m = FanMotion()
    m.curve = .easeIn
    m.duration = 0.25
    m.damping = 0.75
    m.velocity = 1.0
    m.stagger = 0.03
    m.order = .reverse
    return m
  }()
  /// KYCircleMenu's two-phase bloom: extra distance and the two phase times.
  public var overshoot = 12.0
  public var overshootOut = 0.3
  public var overshootBack = 0.1
  /// Item spin during the bloom, degrees (e.g. −180 → 0).
  public var spin = 0.0
  public var rotationAngle = 45.0
  public var rotationOpen = 0.25
  public var rotationClose = 0.2
  /// `lock` (ignore taps while moving, the seed) or `interrupt` (reverse from
  /// the current position and velocity).
  public var policy = InputPolicy.lock
  /// Seconds between an item tap and its report (the toast).
  public var tapReportDelay = 0.3
  public var toastDuration = 1.5
  /// Backdrop dim behind the open menu, 0…1 alpha.
  public var backdropDim = 0.0
  /// Scale of a pressed button or item.
  public var pressScale = 0.92
  /// KYCircleMenu fly-out on item tap instead of a plain collapse.
  public var flyOut = false
  /// Each item's own fill, icon tint, label and size (schema 4); items past
  /// the end, and members left out, keep the built-in look.
  public var items: [ItemLook] = []
  /// The main button's fill and icon tint (schema 4).
  public var mainFill = DefaultLook.mainFill
  public var mainTint = DefaultLook.mainTint
  /// The main button's shadow opacity, 0…1 (1 = the built-in shadow, 0 = none).
  public var mainShadow = 1.0
  /// The dim's colour; its alpha multiplies `backdropDim` (schema 4).
  public var dimColor = DefaultLook.dim
  /// The main button's icon: a built-in name or an SVG/PNG path (`IconRef`).
  public var mainIcon = DefaultLook.mainIcon
  /// Whether a file icon on the main button is filled with `mainTint` (a mask).
  public var mainTintIcon = true
}

public struct BubblePreset: Sendable, Equatable {
  public var enabled = true
  public var size = 56.0
  /// Distance kept from the safe area's edges, points.
  public var margin = 8.0
  /// `left` or `right`: the side the bubble starts on.
  public var startSide = BubbleSide.left
  /// Starting centre y, points (the seed's frame origin y 220 + 28).
  public var startY = 248.0
  /// `sides` (nearer side, y kept), `edges` (nearest of four), `corner`, `fling`.
  public var snapMode = SnapMode.sides
  /// The snap spring (`bubble.snap.duration`, `.damping`, `.velocity`, `.form`, `.mass`).
  public var snap = SpringSpec(duration: 0.35, damping: 0.8, velocity: 0.4)
  /// Per-millisecond velocity decay used to project a fling (iOS: 0.998 normal).
  public var deceleration = 0.998
  public var tapDistance = 10.0
  public var quickTapTime = 0.2
  public var quickTapDistance = 15.0
  public var longPress = 0.6
  public var menuCount = 4
  /// The menu's opening spring (`bubble.menu.duration`, `.damping`, `.velocity`, `.form`, `.mass`).
  public var menu = SpringSpec(duration: 0.25, damping: 0.7, velocity: 0.3)
  public var menuCloseDuration = 0.2
  public var badge = ""
  /// Seconds without a touch before the bubble fades; 0 = never.
  public var idleDelay = 0.0
  public var idleAlpha = 0.5
  public var idleTuck = false
  /// Floating mode: number of drifting bubbles (0 = off).
  public var floatingCount = 0
  public var restitution = 0.9
  /// Floating bubbles' initial speed, points per second.
  public var floatingSpeed = 80.0
  /// The bubble's fill, its badge's fill and text colour (schema 4).
  public var fill = DefaultLook.bubbleFill
  public var badgeFill = DefaultLook.badgeFill
  public var badgeTint = DefaultLook.badgeTint
  /// The bubble's shadow opacity, 0…1 (1 = the built-in shadow, 0 = none).
  public var shadow = 1.0
  /// An icon drawn on the bubble instead of its rings: a built-in name or an
  /// SVG/PNG path (`IconRef`); "" = the built-in rings.
  public var icon = ""
  /// The bubble icon's colour (when tinted).
  public var tint = DefaultLook.bubbleTint
  /// Whether a file icon on the bubble is filled with `tint` (a mask).
  public var tintIcon = true

  /// A floating bubble's radius, points: 0.6 of the bubble's.
  public var floatingRadius: Double { size / 2 * 0.6 }
}

/// Everything a designer tunes; what a preset file holds.
public struct Preset: Sendable, Equatable {
  /// The newest schema this build reads and writes. Schema 3 added the
  /// springs' `form` and `mass`, schema 4 the appearance (colours, labels,
  /// per-item sizes, shadows); a preset that leaves the newer fields at their
  /// defaults is still written as the older schema (`writtenSchema`), so
  /// older builds read it and saving an older file changes no byte. Schema 5
  /// added icons of the designer's own (`fan.items[i].icon` and `tintIcon`,
  /// `fan.main.icon`, `fan.main.tintIcon`, `bubble.icon`, `bubble.tint`,
  /// `bubble.tintIcon`).
  public static let currentSchema = 5
  public var schema = Preset.currentSchema
  public var name = "Untitled"
  /// `iphoneSE`, `iphone15`, `iphone15ProMax`, `ipadSplit`.
  public var device = DeviceModel.iphone15
  /// `portrait` or `landscape`.
  public var orientation = Orientation.portrait
  public var fan = FanPreset()
  public var bubble = BubblePreset()
  /// The settings sections of the controls registered in `ControlRegistry.more`.
  public var controls = ControlSettings()

  public init() {}

  /// Whether any appearance field (schema 4: colours, labels, item sizes,
  /// shadows) differs from the built-in look; the exports emit the look only then.
  public var setsAppearance: Bool {
    let defaults = Preset()
    return PresetField.all.contains {
      $0.sinceSchema >= 4 && $0.json(of: self) != $0.json(of: defaults)
    }
  }

  /// Whether any schema-5 icon setting differs from the built-in look: an
  /// item's own `icon` or `tintIcon: false`, or a schema-5 field.
  public var setsIcons: Bool {
    let defaults = Preset()
    return fan.items.contains { $0.icon != nil || !$0.tintIcon }
      || PresetField.all.contains {
        $0.sinceSchema == 5 && $0.json(of: self) != $0.json(of: defaults)
      }
  }

  /// The lowest schema that holds this preset: 5 when it sets an icon of
  /// its own (`setsIcons`), else 4 when it sets any
  /// appearance field (`PresetField.sinceSchema` 4), else 3 when any spring
  /// has a form or a physics mass other than the defaults, else 2.
  public var writtenSchema: Int {
    if setsIcons { return 5 }
    if setsAppearance { return 4 }
    return PresetSpring.all.allSatisfy { self[keyPath: $0.spec].isSchema2 } ? 2 : 3
  }
}

extension Preset {
  /// The defaults: seed 000's fan and seed 002's bubble on an iPhone 15.
  public static var seedDefault: Preset {
    var p = Preset()
    p.name = "Seed 000 fan menu"
    return p
  }
}
