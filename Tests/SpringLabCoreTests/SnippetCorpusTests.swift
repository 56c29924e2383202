import Foundation
import Testing

@testable import SpringLabCore

/// Physics written out from each framework's documentation, independent of
/// the reader's own vocabularies where a formula exists (shared by the
/// snippet tests).
enum Expect {
  /// SwiftUI `Spring(duration:bounce:)`: ω0 = 2π/d, ζ = 1 − b (b ≥ 0).
  static func durationBounce(_ d: Double, _ b: Double) -> (Double, Double) {
    let z = b >= 0 ? 1 - b : 1 / (1 + b)
    return (pow(2 * .pi / d, 2), 4 * .pi * z / d)
  }
  /// SwiftUI `.spring(response:dampingFraction:)`: ω0 = 2π/response.
  static func response(_ r: Double, _ z: Double) -> (Double, Double) {
    (pow(2 * .pi / r, 2), 4 * .pi * z / r)
  }
  /// Compose `spring(dampingRatio, stiffness)`.
  static func ratio(_ z: Double, _ k: Double) -> (Double, Double) { (k, 2 * z * k.squareRoot()) }
  /// UIKit's duration mapping (the project's reference solver).
  static func uikit(_ T: Double, _ z: Double, _ v: Double) -> (Double, Double) {
    let s = UIKitSpring(duration: T, dampingRatio: z, velocity: v).spring
    return (s.stiffness, s.damping)
  }
  /// Rebound's OrigamiValueConverter.
  static func origami(_ t: Double, _ f: Double) -> (Double, Double) {
    ((t - 30) * 3.62 + 194, (f - 8) * 3 + 25)
  }
  /// Rebound's BouncyConversion (POP's springBounciness / springSpeed) then Origami.
  static func bouncy(_ b: Double, _ s: Double) -> (Double, Double) {
    let bb = b / 1.7 / 20 * 0.8
    let ss = s / 1.7 / 20
    let tension = 0.5 + ss * 199.5
    let nb: Double
    if tension <= 18 {
      nb = 0.0007 * pow(tension, 3) - 0.031 * tension * tension + 0.64 * tension + 1.28
    } else if tension <= 44 {
      nb = 0.000044 * pow(tension, 3) - 0.006 * tension * tension + 0.36 * tension + 2
    } else {
      nb = 0.00000045 * pow(tension, 3) - 0.000332 * tension * tension + 0.1078 * tension + 5.84
    }
    let u = 2 * bb - bb * bb
    return origami(tension, u * 0.01 + (1 - u) * nb)
  }
  /// `.speed(s)`: x(t) → x(s·t), so k·s², c·s.
  static func sped(_ kc: (Double, Double), _ s: Double) -> (Double, Double) {
    (kc.0 * s * s, kc.1 * s)
  }
}

/// One row: a snippet as it is pasted, and either the physics it must read
/// or a fragment of the refusal it must give.
struct CorpusRow: CustomTestStringConvertible, Sendable {
  var text: String
  var k = 0.0
  var c = 0.0
  var m = 1.0
  var v = 0.0
  /// A note the reading must carry (the velocity was a variable, a delay, …).
  var note: String?
  var refusal: String?
  var testDescription: String {
    String(text.split(separator: "\n").first ?? "").prefix(70) + (refusal == nil ? "" : " ✗")
  }
}

@Suite("Snippet corpus: code as pasted")
struct SnippetCorpusTests {
  static let rows: [CorpusRow] = {
    var r: [CorpusRow] = []
    func read(
      _ t: String, _ kc: (Double, Double), m: Double = 1, v: Double = 0, note: String? = nil
    ) {
      r.append(CorpusRow(text: t, k: kc.0, c: kc.1, m: m, v: v, note: note))
    }
    func refuse(_ t: String, _ why: String) { r.append(CorpusRow(text: t, refusal: why)) }

    // MARK: UIKit, as pasted
    read(
      "UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.3, options: [], animations: {",
      Expect.uikit(0.6, 0.7, 0.3), v: 0.3)
    read(
      """
      UIView.animate(
          withDuration: 0.6,
          delay: 0,
          usingSpringWithDamping: 0.7,
          initialSpringVelocity: 0.3,
          options: [.curveEaseInOut, .allowUserInteraction],
          animations: {
              self.cardView.transform = .identity
          },
          completion: { _ in
      """, Expect.uikit(0.6, 0.7, 0.3), v: 0.3)
    read(
      "UIView.animateWithDuration(0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.3, options: [], animations: {",
      Expect.uikit(0.6, 0.7, 0.3), v: 0.3)
    read(
      """
      UIView.animateWithDuration(0.45, delay: 0.1,
          usingSpringWithDamping: 0.65, initialSpringVelocity: 0.8,
          options: .CurveEaseInOut, animations: { () -> Void in
              self.menu.alpha = 1.0
      """, Expect.uikit(0.45, 0.65, 0.8), v: 0.8)
    read(
      "[UIView animateWithDuration:0.5 delay:0 usingSpringWithDamping:0.7 initialSpringVelocity:0.3 options:0 animations:^{",
      Expect.uikit(0.5, 0.7, 0.3), v: 0.3)
    read(
      """
      [UIView animateWithDuration:0.35f
                            delay:0.0
           usingSpringWithDamping:0.8f
            initialSpringVelocity:0.5f
                          options:UIViewAnimationOptionCurveEaseInOut
                       animations:^{
          self.bubble.center = target;
      } completion:nil];
      """, Expect.uikit(0.35, 0.8, 0.5), v: 0.5)
    read(
      "UIView.animate(withDuration: 0.5, delay: 0.1, usingSpringWithDamping: 0.6, initialSpringVelocity: 1.2, options: .allowUserInteraction) {",
      Expect.uikit(0.5, 0.6, 1.2), v: 1.2)
    read(
      "UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: { self.layoutIfNeeded() }, completion: nil)",
      Expect.uikit(0.4, 0.8, 0))
    read(
      "UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 1.0, initialSpringVelocity: 0.5, options: .curveEaseOut, animations: {",
      Expect.uikit(0.5, 1, 0.5), v: 0.5)
    read(
      "UIView.animate(springDuration: 0.5, bounce: 0.2, initialSpringVelocity: 0.3, delay: 0, options: [], animations: {",
      Expect.durationBounce(0.5, 0.2), v: 0.3)
    read(
      "let params = UISpringTimingParameters(mass: 4.0, stiffness: 1300, damping: 180, initialVelocity: someVar)",
      (1300, 180), m: 4, note: "`initialVelocity` is the variable `someVar`")
    read(
      "let timing = UISpringTimingParameters(mass: 1.0, stiffness: 200, damping: 15, initialVelocity: CGVector(dx: 0.5, dy: 0.5))",
      (200, 15), v: 0.5)
    read(
      "UISpringTimingParameters(duration: 0.5, bounce: 0.2, initialVelocity: velocity)",
      Expect.durationBounce(0.5, 0.2), note: "`initialVelocity` is the variable `velocity`")
    read(
      "let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: .zero))",
      Expect.uikit(0.5, 0.8, 0))
    read(
      """
      let spring = CASpringAnimation(keyPath: "transform.scale")
      spring.fromValue = 0.8
      spring.toValue = 1.0
      spring.mass = 1.2
      spring.stiffness = 250
      spring.damping = 18
      spring.initialVelocity = 0.5
      spring.duration = spring.settlingDuration
      layer.add(spring, forKey: nil)
      """, (250, 18), m: 1.2, v: 0.5)
    read(
      "let anim = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.2)",
      Expect.durationBounce(0.5, 0.2))
    read(
      "UIView.animateWithDuration(0.5, delay: 0.0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: UIViewAnimationOptions.CurveEaseInOut, animations: {",
      Expect.uikit(0.5, 0.5, 0))
    read(
      "UIView.animateWithDuration(0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.2, options: nil, animations: { () -> Void in",
      Expect.uikit(0.8, 0.6, 0.2), v: 0.2)
    read(
      """
      [UIView animateWithDuration:0.6
                            delay:0
           usingSpringWithDamping:0.55
            initialSpringVelocity:0.4
                          options:UIViewAnimationOptionAllowUserInteraction | UIViewAnimationOptionBeginFromCurrentState
                       animations:^{
          weakSelf.menuView.transform = CGAffineTransformIdentity;
      } completion:^(BOOL finished) {
      """, Expect.uikit(0.6, 0.55, 0.4), v: 0.4)
    // Core Animation's documented defaults: mass 1, stiffness 100, damping 10, initialVelocity 0
    read(
      """
      CASpringAnimation *spring = [CASpringAnimation animationWithKeyPath:@"position.y"];
      spring.damping = 12;
      spring.stiffness = 180;
      spring.mass = 0.8;
      spring.initialVelocity = 0.5;
      spring.duration = spring.settlingDuration;
      """, (180, 12), m: 0.8, v: 0.5)
    read(
      """
      let bounce = CASpringAnimation(keyPath: "transform.scale")
      bounce.damping = 8
      bounce.initialVelocity = 2
      """, (100, 8), v: 2)
    read(
      "let params = UISpringTimingParameters(mass: 1, stiffness: 400, damping: 30, initialVelocity: CGVector(dx: vx, dy: vy))",
      (400, 30), note: "`initialVelocity`")
    read(
      "let timing = UISpringTimingParameters(duration: 0.4, bounce: 0.15)",
      Expect.durationBounce(0.4, 0.15))
    read(
      "let animator = UIViewPropertyAnimator(duration: 0.35, timingParameters: UISpringTimingParameters(dampingRatio: 0.9))",
      Expect.uikit(0.35, 0.9, 0))

    // MARK: SwiftUI
    read(
      "withAnimation(.spring(response: 0.35, dampingFraction: 0.7)) {",
      Expect.response(0.35, 0.7))
    read(
      ".animation(.spring(response: 0.5, dampingFraction: 0.6, blendDuration: 0), value: isExpanded)",
      Expect.response(0.5, 0.6))
    read(".spring(dampingFraction: 0.4).speed(1.5)", Expect.sped(Expect.response(0.5, 0.4), 1.5))
    read(
      "withAnimation(.spring(response: 0.4, dampingFraction: 0.8).delay(0.1)) {",
      Expect.response(0.4, 0.8), note: "delay 0.1 s")
    read("withAnimation(.bouncy.speed(2)) {", Expect.sped(Expect.durationBounce(0.5, 0.3), 2))
    read(
      ".interpolatingSpring(.bouncy, initialVelocity: 0.3)", Expect.durationBounce(0.5, 0.3),
      v: 0.3)
    read(
      ".interpolatingSpring(.snappy(extraBounce: 0.1), initialVelocity: 1)",
      Expect.durationBounce(0.5, 0.25), v: 1)
    read("withAnimation(.smooth) {", Expect.durationBounce(0.5, 0))
    read("withAnimation(.snappy(extraBounce: 0.1)) {", Expect.durationBounce(0.5, 0.25))
    read(
      ".animation(.bouncy(duration: 0.4, extraBounce: 0.05), value: selection)",
      Expect.durationBounce(0.4, 0.35))
    read("withAnimation(.smooth(duration: 0.3)) { isOn.toggle() }", Expect.durationBounce(0.3, 0))
    read(
      ".interpolatingSpring(mass: 1, stiffness: 170, damping: 15, initialVelocity: 0)", (170, 15))
    read(".interpolatingSpring(stiffness: 300, damping: 20).speed(0.5)", (75, 10))
    read("let spring = Spring(duration: 0.5, bounce: 0.3)", Expect.durationBounce(0.5, 0.3))
    read(
      "withAnimation(.spring(duration: 0.6, bounce: 0.25)) {", Expect.durationBounce(0.6, 0.25))
    read(
      """
      .animation(
          .spring(
              response: 0.55,
              dampingFraction: 0.825,
              blendDuration: 0
          ),
          value: offset
      )
      """, Expect.response(0.55, 0.825))
    read(
      "withAnimation(.interactiveSpring(response: 0.3, dampingFraction: 0.86)) {",
      Expect.response(0.3, 0.86))
    read(
      "withAnimation(.snappy.speed(1.25).delay(0.05)) { selected = item }",
      Expect.sped(Expect.durationBounce(0.5, 0.15), 1.25), note: "delay 0.05 s")
    read(".animation(.snappy, value: isPresented)", Expect.durationBounce(0.5, 0.15))
    read(
      ".interpolatingSpring(.smooth(duration: 0.4), initialVelocity: 0)",
      Expect.durationBounce(0.4, 0))
    read(
      "withAnimation(.bouncy(duration: 0.5, extraBounce: 0.2)) {", Expect.durationBounce(0.5, 0.5))

    // MARK: Jetpack Compose
    read(
      "animationSpec = spring(dampingRatio = Spring.DampingRatioMediumBouncy, stiffness = Spring.StiffnessMediumLow)",
      Expect.ratio(0.5, 400))
    read(
      "val offset by animateFloatAsState(targetValue = if (expanded) 1f else 0f, animationSpec = spring(dampingRatio = 0.6f, stiffness = 500f))",
      Expect.ratio(0.6, 500))
    read(
      "spring<Float>(dampingRatio = Spring.DampingRatioLowBouncy, stiffness = Spring.StiffnessHigh)",
      Expect.ratio(0.75, 10_000))
    read("SpringSpec(dampingRatio = 0.5f, stiffness = 300f)", Expect.ratio(0.5, 300))
    read("spring(stiffness = Spring.StiffnessLow)", Expect.ratio(1, 200))
    read(
      "spring(dampingRatio = Spring.DampingRatioNoBouncy, stiffness = Spring.StiffnessVeryLow)",
      Expect.ratio(1, 50))
    read(
      "SpringSpec<Float>(Spring.DampingRatioHighBouncy, Spring.StiffnessMedium)",
      Expect.ratio(0.2, 1500))
    read(
      """
      animationSpec = spring(
          dampingRatio = 0.8f,
          stiffness = 380f,
          visibilityThreshold = Offset.VisibilityThreshold
      """, Expect.ratio(0.8, 380))
    // Compose's spring() defaults: DampingRatioNoBouncy, StiffnessMedium
    read("animationSpec = spring()", Expect.ratio(1, 1500))

    // MARK: motion / framer-motion
    read("{ duration: 0.3, type: \"spring\", stiffness: 260, damping: 20 }", (260, 20))
    read("transition={{ type: \"spring\", stiffness: 400, damping: 17 }}", (400, 17))
    read(
      "animate(element, { scale: 1.2 }, { type: spring, stiffness: 500, damping: 25 })", (500, 25))
    let w = 2 * Double.pi / (1.2 * 0.4)
    read(
      "transition: { type: \"spring\", visualDuration: 0.4, bounce: 0.2, duration: 1 }",
      (w * w, 2 * 0.8 * w), note: "visualDuration win")
    read("{ type: \"spring\", mass: 0.5, stiffness: 200 }", (200, 10), m: 0.5)
    read(
      "{ type: \"spring\", bounce: 0.3, duration: 0.6, stiffness: 150 }", (150, 10),
      note: "duration, bounce ignored")
    // motion's findSpring: ζ = 1 − bounce, the envelope root of the duration with velocity 0
    read(
      "transition={{ type: \"spring\", bounce: 0.25, duration: 0.8 }}", Expect.uikit(0.8, 0.75, 0))
    // springDefaults: duration 0.8 s when only bounce is given
    read("transition={{ type: \"spring\", bounce: 0.4 }}", Expect.uikit(0.8, 0.6, 0))
    let vd = 2 * Double.pi / (1.2 * 0.5)
    read(
      "animate(\".box\", { x: 100 }, { type: \"spring\", visualDuration: 0.5, bounce: 0.25 })",
      (vd * vd, 2 * 0.75 * vd))
    read(
      "<motion.div animate={{ scale: 1 }} transition={{ type: \"spring\", stiffness: 300, damping: 30, duration: 2 }} />",
      (300, 30), note: "duration ignored")
    read(
      "transition={{ type: \"spring\", stiffness: 700, damping: 30, mass: 2, velocity: 2 }}",
      (700, 30), m: 2, note: "velocity is in value units")

    // MARK: React Spring
    read(
      "const props = useSpring({ opacity: 1, from: { opacity: 0 }, config: { tension: 280, friction: 60 } })",
      (280, 60))
    read("config: { mass: 2, tension: 170, friction: 26 }", (170, 26), m: 2)
    read("const styles = useSpring({ x: 0, config: config.wobbly })", (180, 12))
    read("useSpring({ y: open ? 0 : 100, config: config.molasses })", (280, 120))
    read("useSpring({ scale: 1, config: { tension: 300 } })", (300, 26))
    read("const props = useSpring({ x: 1, config: config.gentle })", (120, 14))
    read("useSpring({ transform: open ? 1 : 0, config: config.stiff })", (210, 20))
    read(
      "const [springs, api] = useSpring(() => ({ from: { x: 0 }, config: { mass: 1, tension: 500, friction: 30 } }))",
      (500, 30))

    // MARK: Origami, POP, plain
    read("SpringConfig.fromOrigamiTensionAndFriction(40, 7)", Expect.origami(40, 7))
    let pop = BouncySpring.spring(bounciness: 10, speed: 12)
    read(
      "POPSpringAnimation *anim = [POPSpringAnimation animation];\nanim.springBounciness = 10;\nanim.springSpeed = 12;",
      (pop.stiffness, pop.damping))
    read("tension: 40, friction: 7", Expect.origami(40, 7))
    read(
      "spring.setSpringConfig(SpringConfig.fromBouncinessAndSpeed(5, 10));",
      Expect.bouncy(5, 10))
    read(
      """
      POPSpringAnimation *scale = [POPSpringAnimation animationWithPropertyNamed:kPOPViewScaleXY];
      scale.toValue = [NSValue valueWithCGSize:CGSizeMake(1.2, 1.2)];
      scale.springBounciness = 18;
      scale.springSpeed = 8;
      """, Expect.bouncy(18, 8))
    read(
      "let anim = POPSpringAnimation(propertyNamed: kPOPLayerPositionY)\nanim?.springBounciness = 12\nanim?.springSpeed = 20",
      Expect.bouncy(12, 20))
    read("springSystem.createSpring(50, 3)", Expect.origami(50, 3))
    read(
      "val spring = springSystem.createSpring().setSpringConfig(SpringConfig.fromOrigamiTensionAndFriction(120, 9))",
      Expect.origami(120, 9))
    read("springSystem.createSpringWithBouncinessAndSpeed(8, 14)", Expect.bouncy(8, 14))
    read("stiffness=300 damping=20 mass=1 velocity=0.5", (300, 20), v: 0.5)

    // MARK: refused, naming why
    refuse(
      "UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 10.0, animations: {})",
      "the largest velocity it can solve there is 7.077")
    refuse(
      "[UIView animateWithDuration:1.0 delay:0 usingSpringWithDamping:0.72 initialSpringVelocity:5 options:0 animations:^{",
      "the largest velocity it can solve there is 4.29")
    refuse(
      "[UIView animateWithDuration:0.5 delay:0 usingSpringWithDamping:damping initialSpringVelocity:0.3 options:0 animations:^{",
      "`usingSpringWithDamping` is the variable `damping`: paste the number")
    refuse(
      "UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.3, options: [], animations: {",
      "`withDuration` is the variable `duration`: paste the number")
    refuse(
      "UIView.animateWithDuration(0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: velocity, options: [], animations: {",
      "`initialSpringVelocity` is the variable `velocity`")
    refuse(
      "withAnimation(.spring(dampingFraction: 0.4).speed(randomSpeed())) {",
      "`speed` is the call `randomSpeed()`")
    refuse(
      "UISpringTimingParameters(dampingRatio: damp)",
      "`dampingRatio` is the variable `damp`: paste the number")
    refuse(
      "UIViewPropertyAnimator(duration: 0.4, timingParameters: UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: v))",
      "`initialVelocity` is the variable `v`")
    refuse(
      ".spring(response: Constants.response, dampingFraction: 0.8)",
      "`response` is the constant `Constants.response`")
    refuse(
      "spring(dampingRatio = ratio, stiffness = 300f)", "`dampingRatio` is the variable `ratio`")
    refuse(
      "{ type: \"spring\", stiffness: stiffness, damping: 20 }",
      "`stiffness` is the variable `stiffness`")
    refuse(
      "useSpring({ config: { tension: theme.tension, friction: 20 } })",
      "`tension` is the constant `theme.tension`")
    refuse(
      "let s = CASpringAnimation(keyPath: \"position\")\ns.stiffness = 300\ns.damping = dampingValue",
      "`damping` is the variable `dampingValue`")
    refuse("stiffness=1e308 damping=1e308 mass=1e-308", "stiffness / mass overflows")
    refuse(
      ".interpolatingSpring(.bouncy, initialVelocity: velocity)",
      "`initialVelocity` is the variable `velocity`")
    refuse(
      "withAnimation(.spring(response: 0.3, dampingFraction: 0.7).speed(-1)) {",
      "speed must be a number > 0")
    refuse(
      "UISpringTimingParameters(mass: m, stiffness: 300, damping: 20)",
      "`mass` is the variable `m`")
    refuse(".snappy(duration: animationDuration)", "`duration` is the variable `animationDuration`")
    refuse(
      ".spring(dampingFraction: 0.4).speed(1.5).delay(delayTime)",
      "`delay` is the variable `delayTime`")
    refuse("view.layer.add(animation, forKey: \"bounce\")", "no spring or curve form recognised")
    refuse(
      "[UIView animateWithDuration:0.4 delay:0 usingSpringWithDamping:kDamping initialSpringVelocity:0 options:0 animations:^{",
      "`usingSpringWithDamping` is the variable `kDamping`: paste the number")
    refuse(
      "UIView.animate(withDuration: duration * 0.5, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {",
      "`withDuration` is `duration*0.5`, not a number")
    refuse(".spring(response: 0, dampingFraction: 0.5)", "response must be a number > 0")
    refuse("spring(stiffness = 0f)", "stiffness must be a number > 0")
    refuse(
      "spring(dampingRatio = Spring.DampingRatioMediumBouncy, stiffness = customStiffness)",
      "`stiffness` is the variable `customStiffness`: paste the number")
    refuse(
      "useSpring({ x: 0, config: { tension: springTension, friction: 20 } })",
      "`tension` is the variable `springTension`")
    refuse(
      "useSpring({ opacity: 1, config: { duration: 300 } })",
      "React Spring's config { duration } plays an eased tween")
    refuse(
      "anim.springBounciness = bounciness", "`springBounciness` is the variable `bounciness`")
    refuse(
      "UIView.animateWithDuration(0.3, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 30, options: nil, animations: {",
      "the largest velocity it can solve there is")
    return r
  }()

  static var read: [CorpusRow] { rows.filter { $0.refusal == nil } }
  static var refused: [CorpusRow] { rows.filter { $0.refusal != nil } }

  @Test func corpusSize() {
    print(
      "SnippetCorpusTests: \(Self.rows.count) rows, \(Self.read.count) read, \(Self.refused.count) refused"
    )
    #expect(Self.rows.count >= 80)
    #expect(Self.refused.count >= 20)
  }

  @Test(arguments: read)
  func readsAsPasted(_ row: CorpusRow) throws {
    let n = try SpringNotationReader.read(row.text)
    guard case .spring(let r) = n else {
      Issue.record("read a curve: \(n)")
      return
    }
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }
    #expect(close(r.spring.stiffness, row.k), "k \(r.spring.stiffness) want \(row.k)")
    #expect(close(r.spring.damping, row.c), "c \(r.spring.damping) want \(row.c)")
    #expect(close(r.spring.mass, row.m), "m \(r.spring.mass) want \(row.m)")
    #expect(close(r.velocity, row.v), "v \(r.velocity) want \(row.v)")
    if let note = row.note {
      #expect(r.notes.contains { $0.contains(note) }, "notes \(r.notes) lack \(note)")
    }
  }

  @Test(arguments: refused)
  func refusedNamingWhy(_ row: CorpusRow) {
    do {
      let n = try SpringNotationReader.read(row.text)
      Issue.record("read \(n)")
    } catch {
      #expect(error.reason.contains(row.refusal!), "\(error.reason)")
      #expect(!error.description.contains("\n"))
    }
  }
}
