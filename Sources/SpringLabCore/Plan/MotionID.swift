/// Every motion a preset plays, by name. The text forms (a descriptor's
/// `path`, the plan's animation ids) belong to the file formats; code
/// compares these. A control registered in `ControlRegistry.more` declares
/// its own (`SceneControl.motions`).
public struct MotionID: RawRepresentable, Sendable, Hashable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The fan's items moving out, and back in.
  public static let fanExpand = MotionID(rawValue: "fanExpand")
  public static let fanCollapse = MotionID(rawValue: "fanCollapse")
  /// The main button turning to its open angle, and back.
  public static let rotationOpen = MotionID(rawValue: "rotationOpen")
  public static let rotationClose = MotionID(rawValue: "rotationClose")
  /// KYCircleMenu's fly-out: the items slide to the screen edge on an item tap.
  public static let flyOut = MotionID(rawValue: "flyOut")
  /// The bubble settling at its rest after a release.
  public static let bubbleSnap = MotionID(rawValue: "bubbleSnap")
  /// The bubble's menu opening (a spring) and closing (ease-in).
  public static let bubbleMenuOpen = MotionID(rawValue: "bubbleMenuOpen")
  public static let bubbleMenuClose = MotionID(rawValue: "bubbleMenuClose")
  /// An untouched bubble fading to its idle alpha.
  public static let bubbleIdleFade = MotionID(rawValue: "bubbleIdleFade")
  /// The simulated keyboard sliding in or out.
  public static let keyboard = MotionID(rawValue: "keyboard")
}
