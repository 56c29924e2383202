import Foundation

/// One motion of a control registered beyond the fan and the bubble
/// (`ControlRegistry.more`), as every code exporter prints it: from its
/// descriptor alone, so a new control needs no edit in any exporter.
struct RegisteredExport {
  /// The motion's descriptor (title, path, mapping).
  let descriptor: MotionDescriptor
  /// The motion's animations in plan order (`sheet.detent.open`, `sheet.detent.close`).
  let animations: [ExportAnimation]

  /// The name code gives one of its animations: the animation's id in
  /// upper camel case (`sheet.detent.open` → `SheetDetentOpen`), to follow a prefix
  /// such as `springLab`. Characters that are not ASCII letters or digits end
  /// a word and are dropped, so the name is an identifier in every exported
  /// language.
  static func name(_ a: ExportAnimation) -> String {
    let words = a.id.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return joined.isEmpty ? "Motion" : joined
  }

  /// How the motion's progress `p` draws, in words with the mapping's
  /// numbers spelled by `number`: "offset = travel × p, scale = 0.9 + 0.1 × p,
  /// opacity = 1, rotation = angle × 0" (a constant channel reads as its value).
  func mappingLine(_ number: (Double) -> String) -> String {
    let m = descriptor.mapping
    func e(_ c: ProgressChannel) -> String { c.expression(of: "p", number: number) }
    return
      "offset = travel × \(e(m.position)), scale = \(e(m.scale)), opacity = \(e(m.alpha)) (clamped to 0…1), rotation = angle × \(e(m.rotation))"
  }
}

extension ExportContext {
  /// The registered controls' motions that have animations in this preset,
  /// in descriptor order.
  var registered: [RegisteredExport] {
    MotionDescriptor.registered.compactMap { d in
      let a = animations.filter { $0.motion == d.id }
      return a.isEmpty ? nil : RegisteredExport(descriptor: d, animations: a)
    }
  }
}
