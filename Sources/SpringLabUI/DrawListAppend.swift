extension DrawList {
  /// Appends every command of `other` after this list's, e.g. the panel after
  /// the canvas. `other`'s clear colour is ignored; a clip it leaves open is
  /// closed so it cannot leak into later drawing.
  public mutating func append(_ other: DrawList) {
    var clipped = false
    for c in other.finished {
      add(c)
      if case .clip(let r) = c { clipped = r != nil }
    }
    if clipped { clip(nil) }
  }

  /// A copy with every colour's alpha multiplied by `k` (0…1): a ghost.
  public func faded(_ k: Double) -> DrawList {
    var out = DrawList()
    out.clearColor = clearColor
    for c in finished {
      switch c {
      case .fill(let p, let color): out.add(.fill(p, color.fading(k)))
      case .stroke(let p, let w, let color): out.add(.stroke(p, width: w, color.fading(k)))
      case .shadow(let x, let y, let r, let blur, let color):
        out.add(.shadow(cx: x, cy: y, r: r, blur: blur, color.fading(k)))
      case .text(let s, let x, let y, let size, let color, let align):
        out.text(s, x: x, y: y, size: size, color: color.fading(k), align: align)
      case .clip(let r): out.clip(r)
      case .image(let p, let r, let a): out.image(p, rect: r, alpha: a * k)
      case .pixels(let img, let r, let a): out.add(.pixels(img, rect: r, alpha: a * k))
      case .iconFile(let d): out.add(.iconFile(d.faded(k)))
      }
    }
    return out
  }
}
