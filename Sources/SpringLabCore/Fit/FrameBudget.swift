/// Keeps decoded frames within a byte budget by lowering the frame rate: once
/// the frames held exceed `maxBytes`, only every 2nd frame is kept (among
/// those held and from then on), then every 4th, and so on — so a long clip
/// keeps its whole motion at a lower rate instead of only its beginning.
public struct FrameBudget<Frame>: Sendable where Frame: Sendable {
  public let maxBytes: Int
  /// 1: every frame so far; k: every k-th frame (by decode order).
  public private(set) var keptEvery = 1
  /// The frames kept, with their index in decode order, oldest first.
  public private(set) var kept: [(index: Int, frame: Frame)] = []
  /// Frames offered so far.
  public private(set) var offered = 0
  /// Bytes of the frames kept.
  public private(set) var held = 0
  private let bytesPerFrame: Int

  public init(maxBytes: Int, bytesPerFrame: Int) {
    self.maxBytes = maxBytes
    self.bytesPerFrame = max(1, bytesPerFrame)
  }

  /// Whether even two frames exceed the budget (then nothing can be shown).
  public var overBudget: Bool { held > maxBytes }

  /// Offers the next decoded frame.
  public mutating func offer(_ frame: Frame) {
    defer { offered += 1 }
    guard offered % keptEvery == 0 else { return }
    kept.append((offered, frame))
    held += bytesPerFrame
    // why: at least two frames stay, or there is no motion to show
    while held > maxBytes && kept.count > 2 {
      keptEvery *= 2
      kept.removeAll { $0.index % keptEvery != 0 }
      held = kept.count * bytesPerFrame
    }
  }
}
