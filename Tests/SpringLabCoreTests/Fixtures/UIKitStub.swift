// A minimal stub of the UIKit / QuartzCore signatures SpringLab's UIKit export
// uses, so the generated code can be type-checked on Linux. Not compiled into
// the test target (excluded in Package.swift); ExportUIKitTypeCheckTests runs
// `swiftc -typecheck UIKitStub.swift generated.swift`.
public typealias CGFloat = Double
public typealias TimeInterval = Double

public struct CGPoint: Sendable {
  public var x: CGFloat
  public var y: CGFloat
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }
}

public struct CGVector: Sendable {
  public var dx: CGFloat
  public var dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
}

public struct CGAffineTransform: Sendable {
  public static let identity = CGAffineTransform()
  public init() {}
  public init(rotationAngle: CGFloat) {}
  public init(scaleX: CGFloat, y: CGFloat) {}
}

public struct UIViewAnimationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let curveEaseInOut = UIViewAnimationOptions(rawValue: 0)
  public static let curveEaseIn = UIViewAnimationOptions(rawValue: 1 << 16)
  public static let curveEaseOut = UIViewAnimationOptions(rawValue: 2 << 16)
  public static let curveLinear = UIViewAnimationOptions(rawValue: 3 << 16)
}

public final class UIImage: Sendable {
  public enum RenderingMode: Sendable { case automatic, alwaysOriginal, alwaysTemplate }
  public init?(named name: String) {}
  public init?(systemName name: String) {}
  public func withRenderingMode(_ mode: RenderingMode) -> UIImage { self }
}

public final class UIColor: Sendable {
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
}

@MainActor
open class UIView {
  public typealias AnimationOptions = UIViewAnimationOptions
  open var center = CGPoint(x: 0, y: 0)
  open var alpha: CGFloat = 1
  open var transform = CGAffineTransform.identity
  public init() {}
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval,
    usingSpringWithDamping dampingRatio: CGFloat,
    initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {}
  open class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {}
  @available(iOS 17.0, *)
  open class func animate(
    springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0,
    initialSpringVelocity: CGFloat = 0.0, delay: TimeInterval = 0,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {}
}

public protocol UITimingCurveProvider {}

public class UISpringTimingParameters: UITimingCurveProvider {
  public init(
    mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector
  ) {}
  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {}
}

@MainActor
public class UIViewPropertyAnimator {
  public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {}
  public func addAnimations(_ animation: @escaping () -> Void) {}
  public func startAnimation(afterDelay delay: TimeInterval) {}
  public func startAnimation() {}
}

public class CAMediaTimingFunction {
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

public class CATransaction {
  public class func begin() {}
  public class func commit() {}
  public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {}
}

@MainActor
public enum UIAccessibility {
  public static var isReduceMotionEnabled: Bool { false }
}
