/// A stable widget identity: a 64-bit FNV-1a hash of the widget's label within
/// its ID scope. As in Dear ImGui, the part of a label after `##` only feeds
/// the hash and is not shown, so two "Duration" sliders can be told apart as
/// "Duration##expand" and "Duration##collapse".
public struct UIID: Hashable, Sendable, CustomStringConvertible {
  public let raw: UInt64

  public init(raw: UInt64) { self.raw = raw }

  /// Hash of `label` continued from `seed` (another ID's raw value, or the
  /// FNV offset basis for the root scope).
  public init(_ label: String, seed: UInt64 = UIID.basis) {
    var h = seed
    for byte in label.utf8 {
      h ^= UInt64(byte)
      h = h &* 0x100_0000_01B3
    }
    raw = h
  }

  /// FNV-1a 64-bit offset basis: the seed of the root ID scope.
  public static let basis: UInt64 = 0xCBF2_9CE4_8422_2325

  /// A child identity, e.g. one segment of a picker.
  public func child(_ label: String) -> UIID { UIID("/" + label, seed: raw) }

  public var description: String { "UIID(\(String(raw, radix: 16)))" }

  /// The visible part of a label: everything before `##`.
  public static func visible(_ label: String) -> String {
    guard let r = label.range(of: "##") else { return label }
    return String(label[..<r.lowerBound])
  }
}
