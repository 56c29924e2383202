import CCairo
import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI

/// An icon file as a draw command names it.
struct IconFileKey: Hashable {
  var folder: String
  var path: String
}

/// An icon file at one raster size, pixels.
struct IconRasterKey: Hashable {
  var file: IconFileKey
  var side: Int
}

/// Turns draw lists into pixels with Cairo: analytic anti-aliasing, true
/// arcs, round joins, text runs from `TextCache` composited as coverage
/// masks, images loaded once per path. The one rasteriser behind the window,
/// `render` and video export.
///
/// Not thread-safe: use one rasteriser per thread.
public final class CairoRasterizer {
  /// Text source; nil means text commands are skipped.
  public let textCache: TextCache?
  /// Commands skipped in the last draw because a resource failed (an image
  /// that does not load).
  public internal(set) var lastErrors = 0
  /// The dirty boxes of the last `render` (whole frame for a full redraw).
  public private(set) var lastDamage: [PixelBox] = []

  // why: a designer's screenshot behind the device loads once per path; nil
  // remembers a file that failed so it is not retried every frame.
  private var images: [String: OpaquePointer?] = [:]
  // why: an icon file is read and checked once, then rasterised once per
  // (file, rest side in pixels); nil remembers a failure so a broken icon is
  // not retried every frame
  // why: internal, not private: the icon drawing lives in CairoRasterizer+Icons.swift
  var iconAssets: [IconFileKey: IconAsset?] = [:]
  var iconSurfaces: [IconRasterKey: OpaquePointer?] = [:]
  /// Each icon file's stamp when it was read (nil: it did not exist), so
  /// `refreshIcons` can tell an edited file from an unchanged one.
  var iconStamps: [IconFileKey: FileStamp?] = [:]
  /// How many icon rasters were made (decodes: SVG parses or PNG decodes)
  /// since the rasteriser was created; a steady animation adds none.
  public internal(set) var iconRasterizations = 0

  /// Largest distance, pixels, between a curve and the segments it is drawn with.
  public static let tolerance = 0.02

  public init(textCache: TextCache?) {
    self.textCache = textCache
  }

  // why: a video frame is converted to a Cairo surface once while it shows
  // (a paused video redraws the same frame); one surface is kept, never a
  // growing cache of every frame
  private var pixelSurface: (image: RasterImage, surface: OpaquePointer)?
  private var distanceMask = DistanceMask()

  deinit {
    for case let s?? in images.values { cairo_surface_destroy(s) }
    for case let s?? in iconSurfaces.values { cairo_surface_destroy(s) }
    if let p = pixelSurface { cairo_surface_destroy(p.surface) }
  }

  /// Text measurement matching what this rasteriser draws ((0, 0) without a font).
  public func measure(_ s: String, _ size: Double) -> (Double, Double) {
    textCache?.measure(s, size: size) ?? (0, 0)
  }

  /// The static layer: the leading commands that stayed the same from
  /// frame to frame (device chrome, the app's list rows…), drawn once into
  /// their own buffer. Incremental frames start from a copy of it and draw
  /// only the commands after it.
  struct Layer {
    var buffer: FrameBuffer
    var commands: ArraySlice<DrawCommand>
    var clear: RGBA
    /// The clip in force after the layer's commands.
    var clip: PixelRect?
  }
  // why: internal, not private: `refreshIcons` drops a layer holding a stale icon
  var layer: Layer?
  // why: a prefix that keeps changing length (something early in the list
  // animating) would rebuild the layer every frame; build only once the same
  // length was seen on two frames in a row.
  private var lastPrefix = -1
  /// Fewest leading commands worth a layer of their own.
  public static let minimumLayerCommands = 8
  /// How many times the static layer has been (re)drawn.
  public private(set) var layerBuilds = 0

  /// The pixel boxes of a `width` × `height` frame that differ between
  /// `old` and `new` (empty: none; one full box: too much to say).
  public func damage(from old: DrawList, to new: DrawList, width: Int, height: Int) -> [PixelBox] {
    DrawDamage.between(old, new, width: width, height: height) { self.measure($0, $1) }
  }

  /// Brings `buffer` to show `list`. With `incremental`, only the regions
  /// that differ from what the buffer shows are redrawn (clipped), starting
  /// from the cached static layer when the list begins with it; otherwise
  /// the whole frame is drawn from scratch. Returns the redrawn boxes (empty
  /// when nothing changed) — what a window must present.
  @discardableResult
  public func render(_ list: DrawList, into buffer: FrameBuffer, incremental: Bool = true)
    -> [PixelBox]
  {
    let full = PixelBox(x0: 0, y0: 0, x1: buffer.width, y1: buffer.height)
    guard incremental else {
      lastDamage = [full]
      draw(list, on: buffer, region: nil)
      buffer.shown = list
      return lastDamage
    }
    let damage = DrawDamage.between(buffer.shown, list, width: buffer.width, height: buffer.height)
    {
      self.measure($0, $1)
    }
    lastDamage = damage
    if !damage.isEmpty {
      let region = damage == [full] ? nil : damage
      if let layer = usableLayer(for: list, size: buffer) {
        draw(list, on: buffer, region: region, after: layer)
      } else {
        draw(list, on: buffer, region: region)
        if let old = buffer.shown { makeLayer(old, list, like: buffer) }
      }
    }
    buffer.shown = list
    return damage
  }

  /// The cached layer when `list` starts with its commands at this size.
  private func usableLayer(for list: DrawList, size buffer: FrameBuffer) -> Layer? {
    guard let layer, layer.buffer.width == buffer.width, layer.buffer.height == buffer.height,
      layer.clear == list.clearColor, list.finished.count > layer.commands.count,
      list.finished[..<layer.commands.count] == layer.commands
    else { return nil }
    return layer
  }

  /// Caches the commands `old` and `new` start with, when there are enough.
  private func makeLayer(_ old: DrawList, _ new: DrawList, like buffer: FrameBuffer) {
    guard old.clearColor == new.clearColor else { return }
    let a = old.finished
    let b = new.finished
    var n = 0
    while n < a.count, n < b.count, a[n] == b[n] { n += 1 }
    // why: a layer that covers the whole list would leave nothing to draw;
    // one command short keeps the layer strictly a prefix.
    n = min(n, b.count - 1)
    defer { lastPrefix = n }
    guard n >= Self.minimumLayerCommands, n == lastPrefix else { return }
    buildLayer(new, prefix: n, like: buffer)
  }

  /// Draws the static layer of `list` (its `staticPrefix`) ahead of time,
  /// unless the current layer already serves it; true when it drew. A
  /// window calls this while idle, so the first frame of the next motion
  /// starts from a ready layer instead of building it (about two full
  /// redraws of the device, ~2 ms at 1280 × 800) inside that frame.
  @discardableResult
  public func prepareLayer(for list: DrawList, like buffer: FrameBuffer) -> Bool {
    guard let n = list.staticPrefix, n >= Self.minimumLayerCommands, n < list.finished.count,
      usableLayer(for: list, size: buffer) == nil
    else { return false }
    buildLayer(list, prefix: n, like: buffer)
    lastPrefix = n
    return true
  }

  /// Draws the first `n` commands of `list` into the layer's buffer.
  private func buildLayer(_ list: DrawList, prefix n: Int, like buffer: FrameBuffer) {
    let b = list.finished
    let target: FrameBuffer
    if let l = layer, l.buffer.width == buffer.width, l.buffer.height == buffer.height {
      target = l.buffer
    } else {
      guard let fresh = try? FrameBuffer(width: buffer.width, height: buffer.height) else { return }
      target = fresh
    }
    var prefix = DrawList()
    prefix.clearColor = list.clearColor
    var clip: PixelRect? = nil
    for c in b[..<n] {
      prefix.add(c)
      if case .clip(let r) = c { clip = r }
    }
    draw(prefix, on: target, region: nil)
    target.shown = nil
    layerBuilds += 1
    layer = Layer(buffer: target, commands: b[..<n], clear: list.clearColor, clip: clip)
  }

  /// Clears and draws `list` on `buffer`, only inside `region` when given.
  public func draw(_ list: DrawList, on buffer: FrameBuffer, region: [PixelBox]?) {
    draw(list, on: buffer, region: region, after: nil)
  }

  /// Draws `list` inside `region` (everywhere when nil), starting either
  /// from the clear colour or, with a layer, from the layer's pixels and the
  /// commands after it.
  private func draw(
    _ list: DrawList, on buffer: FrameBuffer, region: [PixelBox]?, after base: Layer?
  ) {
    lastErrors = 0
    let cr = buffer.cairo
    cairo_save(cr)
    cairo_reset_clip(cr)
    cairo_new_path(cr)
    if let region {
      for b in region {
        cairo_rectangle(cr, Double(b.x0), Double(b.y0), Double(b.width), Double(b.height))
      }
      cairo_clip(cr)
    }
    // why: painting with SOURCE ignores what was there, so the background is
    // exactly clearColor (or exactly the layer's pixels).
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    if let base {
      cairo_set_source_surface(cr, base.buffer.surface, 0, 0)
    } else {
      setColor(cr, list.clearColor)
    }
    cairo_paint(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    // why: Cairo flattens arcs into segments within this distance (pixels);
    // its default 0.1 leaves 0.1 px flats on large circles at 3×.
    cairo_set_tolerance(cr, Self.tolerance)
    // why: the region clip stays under every command clip (save/restore pairs).
    cairo_save(cr)
    // why: a command clip is handed to Cairo only when a command under it is
    // drawn; most clips (the panel's rows, its scroll areas) hold nothing
    // inside an incremental frame's damage, and each restore/save/clip cost
    // Cairo a few microseconds, a tenth of the window's frame in all
    var clip: PixelBox? = nil
    var clipApplied = true
    // why: a clip that misses every box of the region (the panel's, while
    // only the canvas moves) rules out everything under it before any text
    // run is measured, which otherwise cost a hash lookup per run per frame
    var clipMissesRegion = false
    func setClip(_ r: PixelRect?) {
      clip = DrawCommand.clipBox(r)
      clipApplied = false
      if let clip, let region {
        clipMissesRegion = !region.contains { $0.intersects(clip) }
      } else {
        clipMissesRegion = clip?.isEmpty ?? false
      }
    }
    func applyPendingClip() {
      guard !clipApplied else { return }
      clipApplied = true
      cairo_restore(cr)
      cairo_save(cr)
      if let box = clip {
        cairo_rectangle(
          cr, Double(box.x0), Double(box.y0), Double(box.width), Double(box.height))
        cairo_clip(cr)
      }
    }
    let commands = list.finished
    let frame = PixelBox(x0: 0, y0: 0, x1: buffer.width, y1: buffer.height)
    var start = 0
    if let base {
      start = base.commands.count
      setClip(base.clip)
    }
    for command in commands[start...] {
      if case .clip(let r) = command {
        setClip(r)
        continue
      }
      if clipMissesRegion { continue }
      guard let box = command.touchedPixels(measure: measure) else {
        // why: a non-finite shape is drawn (Cairo ignores it) only in a full
        // redraw, as before; an incremental frame cannot place it
        if region == nil {
          applyPendingClip()
          draw(command, cr)
        }
        continue
      }
      if let clip, !clip.intersects(box) { continue }
      if let region {
        guard region.contains(where: { $0.intersects(box) }) else { continue }
      } else if !box.intersects(frame) {
        // why: a shape far off the frame (a Bézier y of 1e100 flings an item
        // there) costs Cairo minutes to flatten and shows nothing
        continue
      }
      applyPendingClip()
      draw(command, cr)
    }
    cairo_restore(cr)
    cairo_restore(cr)
    cairo_surface_flush(buffer.surface)
  }

  private func setColor(_ cr: OpaquePointer, _ c: RGBA) {
    cairo_set_source_rgba(
      cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
  }

  private func trace(_ path: DrawPath, _ cr: OpaquePointer) {
    cairo_new_path(cr)
    switch path {
    case .circle(let cx, let cy, let r):
      cairo_arc(cr, cx, cy, r, 0, 2 * .pi)
      cairo_close_path(cr)
    case .arc(let cx, let cy, let r, let from, let to):
      cairo_arc(cr, cx, cy, r, from, to)
    case .roundedRect(let rect, let radius):
      let r = max(0, min(radius, min(rect.w, rect.h) / 2))
      if r < 0.01 {
        cairo_rectangle(cr, rect.x, rect.y, rect.w, rect.h)
      } else {
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.x + rect.w, rect.y + rect.h)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x1 - r, y0 + r, r, -.pi / 2, 0)
        cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
        cairo_arc(cr, x0 + r, y1 - r, r, .pi / 2, .pi)
        cairo_arc(cr, x0 + r, y0 + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
      }
    case .polygon(let pts), .polyline(let pts):
      guard let first = pts.first else { return }
      cairo_move_to(cr, first.x, first.y)
      for p in pts.dropFirst() { cairo_line_to(cr, p.x, p.y) }
      if case .polygon = path { cairo_close_path(cr) }
    }
  }

  private func draw(_ command: DrawCommand, _ cr: OpaquePointer) {
    switch command {
    case .fill(.circle(let cx, let cy, let r), let color)
    where (DistanceMask.smallestDisc...DistanceMask.largestDisc).contains(r):
      // why: a disc from distances costs a third of Cairo's path filling at
      // the fan's sizes (the items, the main button, the knobs)
      distanceMask.paintDisc(
        cr, cx: cx, cy: cy, r: r, red: Double(color.r) / 255, green: Double(color.g) / 255,
        blue: Double(color.b) / 255, alpha: Double(color.a) / 255)
    case .fill(let path, let color):
      trace(path, cr)
      setColor(cr, color)
      cairo_fill(cr)
    case .stroke(let path, let width, let color):
      trace(path, cr)
      setColor(cr, color)
      cairo_set_line_width(cr, width)
      cairo_stroke(cr)
    case .shadow(let cx, let cy, let r, let blur, let c):
      drawShadow(cr, cx, cy, r, blur, c)
    case .text(let s, let x, let y, let size, let color, let align):
      guard let cache = textCache, let e = cache.mask(for: s, size: size), y.isFinite else {
        return
      }
      let left = DrawCommand.textLeft(x: x, width: Double(e.width), align: align)
      setColor(cr, color)
      // why: whole-pixel placement keeps glyph edges crisp (no resampling blur).
      cairo_mask_surface(cr, e.mask, Double(left), y.rounded())
    case .clip:
      break
    case .image(let path, let rect, let alpha):
      drawImage(cr, path, rect, alpha)
    case .pixels(let img, let rect, let alpha):
      drawPixels(cr, img, rect, alpha)
    case .iconFile(let d):
      drawIconFile(cr, d)
    }
  }

  private func drawShadow(
    _ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ r: Double, _ blur: Double, _ c: RGBA
  ) {
    distanceMask.paint(
      cr, cx: cx, cy: cy, r: r, blur: blur, red: Double(c.r) / 255, green: Double(c.g) / 255,
      blue: Double(c.b) / 255, alpha: Double(c.a) / 255)
  }

  private func drawImage(_ cr: OpaquePointer, _ path: String, _ r: PixelRect, _ alpha: Double) {
    guard r.w > 0, r.h > 0 else { return }
    if images[path] == nil { images[path] = .some(Self.loadImage(path)) }
    guard let entry = images[path], let img = entry else {
      lastErrors += 1
      return
    }
    let iw = Double(cairo_image_surface_get_width(img))
    let ih = Double(cairo_image_surface_get_height(img))
    cairo_save(cr)
    cairo_new_path(cr)
    cairo_rectangle(cr, r.x, r.y, r.w, r.h)
    cairo_clip(cr)
    cairo_translate(cr, r.x, r.y)
    cairo_scale(cr, r.w / iw, r.h / ih)
    cairo_set_source_surface(cr, img, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint_with_alpha(cr, max(0, min(1, alpha)))
    cairo_restore(cr)
  }

  private func drawPixels(_ cr: OpaquePointer, _ img: RasterImage, _ r: PixelRect, _ alpha: Double)
  {
    guard r.w > 0, r.h > 0, img.width > 0, img.height > 0 else { return }
    if pixelSurface?.image !== img {
      if let p = pixelSurface { cairo_surface_destroy(p.surface) }
      pixelSurface = nil
      guard let surface = Self.surface(img) else {
        lastErrors += 1
        return
      }
      pixelSurface = (img, surface)
    }
    guard let surface = pixelSurface?.surface else { return }
    cairo_save(cr)
    cairo_new_path(cr)
    cairo_rectangle(cr, r.x, r.y, r.w, r.h)
    cairo_clip(cr)
    cairo_translate(cr, r.x, r.y)
    cairo_scale(cr, r.w / Double(img.width), r.h / Double(img.height))
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint_with_alpha(cr, max(0, min(1, alpha)))
    cairo_restore(cr)
  }

  /// Packed RGB as an opaque Cairo surface (RGB24: one 32-bit word per pixel).
  static func surface(_ img: RasterImage) -> OpaquePointer? {
    guard
      let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(img.width), Int32(img.height)),
      cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let dst = cairo_image_surface_get_data(s)
    else { return nil }
    cairo_surface_flush(s)
    let stride = Int(cairo_image_surface_get_stride(s))
    img.rgb.withUnsafeBufferPointer { src in
      for y in 0..<img.height {
        let row = UnsafeMutableRawPointer(dst + y * stride).assumingMemoryBound(to: UInt32.self)
        let base = y * img.width * 3
        for x in 0..<img.width {
          let i = base + x * 3
          row[x] = UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
        }
      }
    }
    cairo_surface_mark_dirty(s)
    return s
  }

  /// Takes `image` as the picture drawn for `path` from now on (replacing
  /// any earlier one), so the first frame that shows it decodes nothing.
  public func adopt(_ image: DecodedImage, for path: String) {
    guard let s = image.take() else { return }
    if case let old?? = images[path] { cairo_surface_destroy(old) }
    images[path] = .some(s)
  }
}
