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
      case .image(let p, let r, let a): image(p, rect: r, alpha: a)
      }
    }
    if clipped { clip(nil) }
  }

  /// A copy with every colour's alpha multiplied by `k` (0…1): a ghost.
  public func faded(_ k: Double) -> DrawList {
    var out = DrawList()
    out.clearColor = clearColor
    for c in finished {
      switch c {
      case .triangles(let v, let i):
        out.triangles(v.map { DrawVertex($0.x, $0.y, $0.color.fading(k)) }, i)
      case .text(let s, let x, let y, let size, let color, let align):
        out.text(s, x: x, y: y, size: size, color: color.fading(k), align: align)
      case .clip(let r): out.clip(r)
      case .image(let p, let r, let a): out.image(p, rect: r, alpha: a * k)
      }
    }
    return out
  }
}
