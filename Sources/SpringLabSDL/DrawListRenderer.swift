import CSDL2
import Foundation
import SpringLabCore
import SpringLabUI

/// Draws a `DrawList` onto an SDL_Renderer: clears to `clearColor`, submits
/// triangle batches with `SDL_RenderGeometry`, blits cached text and applies
/// clip rectangles. Coordinates are renderer output pixels. Does not present.
///
/// Not thread-safe: use it on the thread that owns the renderer.
public final class DrawListRenderer {
  /// The SDL_Renderer drawn onto (not owned).
  public let renderer: OpaquePointer
  /// Text source; nil means text commands are skipped.
  public let textCache: TextCache?
  /// Number of commands skipped because SDL reported an error in the last draw.
  public private(set) var lastErrors = 0

  // why: reused across frames so large batches do not reallocate every frame.
  private var vertexBuffer: [SDL_Vertex] = []

  public init(renderer: OpaquePointer, textCache: TextCache?) {
    self.renderer = renderer
    self.textCache = textCache
  }

  /// Clears and draws every command of `list` in order; clipping is reset
  /// before and after.
  public func draw(_ list: DrawList) {
    lastErrors = 0
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    SDL_RenderSetClipRect(renderer, nil)
    let c = list.clearColor
    SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    // why: clear ignores the blend mode, so the background is exactly clearColor.
    SDL_RenderClear(renderer)
    var clippedAway = false
    for command in list.finished {
      switch command {
      case .triangles(let vertices, let indices):
        if clippedAway { continue }
        drawTriangles(vertices, indices)
      case .text(let s, let x, let y, let size, let color, let align):
        if clippedAway { continue }
        drawText(s, x: x, y: y, size: size, color: color, align: align)
      case .clip(let rect):
        clippedAway = applyClip(rect)
      case .image(let path, let rect, let alpha):
        if clippedAway { continue }
        drawImage(path, rect, alpha)
      }
    }
    SDL_RenderSetClipRect(renderer, nil)
  }

  // why: images (a designer's screenshot behind the device) load once per path
  private var images: [String: OpaquePointer?] = [:]

  private func drawImage(_ path: String, _ r: PixelRect, _ alpha: Double) {
    if images[path] == nil {
      var tex: OpaquePointer?
      // why: a header declaring 30000 × 30000 would decode to gigabytes; refuse it unread
      if ImageHeader.problem(path: path) == nil, let surface = IMG_Load(path) {
        tex = SDL_CreateTextureFromSurface(renderer, surface)
        SDL_FreeSurface(surface)
      }
      images[path] = .some(tex)
    }
    guard let entry = images[path], let tex = entry else {
      lastErrors += 1
      return
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
    SDL_SetTextureAlphaMod(tex, UInt8(max(0, min(1, alpha)) * 255))
    var dst = SDL_Rect(
      x: Int32(r.x.rounded()), y: Int32(r.y.rounded()), w: Int32(r.w.rounded()),
      h: Int32(r.h.rounded()))
    SDL_RenderCopy(renderer, tex, nil, &dst)
  }

  /// Whether `path` loads as an image (PNG, JPEG…), without keeping it.
  public static func canLoadImage(_ path: String) -> Bool {
    guard ImageHeader.problem(path: path) == nil, let s = IMG_Load(path) else { return false }
    SDL_FreeSurface(s)
    return true
  }

  deinit {
    for case let tex?? in images.values { SDL_DestroyTexture(tex) }
  }

  private func drawTriangles(_ vertices: [DrawVertex], _ indices: [Int32]) {
    guard !vertices.isEmpty, indices.count >= 3 else { return }
    vertexBuffer.removeAll(keepingCapacity: true)
    vertexBuffer.reserveCapacity(vertices.count)
    for v in vertices {
      vertexBuffer.append(
        SDL_Vertex(
          position: SDL_FPoint(x: v.x, y: v.y),
          color: SDL_Color(r: v.color.r, g: v.color.g, b: v.color.b, a: v.color.a),
          tex_coord: SDL_FPoint(x: 0, y: 0)))
    }
    // why: SDL rejects a partial triangle, so a trailing remainder is dropped.
    let usable = indices.count - indices.count % 3
    let rc = vertexBuffer.withUnsafeBufferPointer { vb in
      indices.withUnsafeBufferPointer { ib in
        SDL_RenderGeometry(
          renderer, nil, vb.baseAddress, Int32(vb.count), ib.baseAddress, Int32(usable))
      }
    }
    if rc != 0 { lastErrors += 1 }
  }

  private func drawText(
    _ s: String, x: Double, y: Double, size: Double, color: RGBA, align: TextAlign
  ) {
    guard let cache = textCache, color.a > 0,
      let e = cache.texture(for: s, size: size, color: color)
    else { return }
    let w = Double(e.width)
    let left: Double
    switch align {
    case .left: left = x
    case .center: left = x - w / 2
    case .right: left = x - w
    }
    // why: whole-pixel placement keeps glyph edges crisp (no resampling blur).
    var dst = SDL_Rect(
      x: Int32(clamping: Int(left.rounded())), y: Int32(clamping: Int(y.rounded())),
      w: Int32(e.width), h: Int32(e.height))
    if SDL_RenderCopy(renderer, e.texture, nil, &dst) != 0 { lastErrors += 1 }
  }

  /// Sets the clip; returns true when the rect is empty, meaning later
  /// commands must be skipped.
  private func applyClip(_ rect: PixelRect?) -> Bool {
    guard let r = rect else {
      SDL_RenderSetClipRect(renderer, nil)
      return false
    }
    guard r.x.isFinite, r.y.isFinite, r.w.isFinite, r.h.isFinite else { return true }
    let x0 = Int(r.x.rounded(.down))
    let y0 = Int(r.y.rounded(.down))
    let x1 = Int((r.x + r.w).rounded(.up))
    let y1 = Int((r.y + r.h).rounded(.up))
    // why: SDL treats an empty clip rect as "clipping off", which would draw
    // everything; an empty clip must hide everything instead.
    guard x1 > x0, y1 > y0 else { return true }
    var sdlRect = SDL_Rect(
      x: Int32(clamping: x0), y: Int32(clamping: y0), w: Int32(clamping: x1 - x0),
      h: Int32(clamping: y1 - y0))
    SDL_RenderSetClipRect(renderer, &sdlRect)
    return false
  }
}
