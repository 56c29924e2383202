extension DrawList {
  /// Appends every command of `other` after this list's, e.g. the panel after
  /// the canvas. `other`'s clear colour is ignored; a clip it leaves open is
  /// closed so it cannot leak into later drawing.
  public mutating func append(_ other: DrawList) {
    var clipped = false
    for c in other.finished {
      switch c {
      case .triangles(let v, let i): triangles(v, i)
      case .text(let s, let x, let y, let size, let color, let align):
        text(s, x: x, y: y, size: size, color: color, align: align)
      case .clip(let r):
        clip(r)
        clipped = r != nil
      }
    }
    if clipped { clip(nil) }
  }
}
