import CCairo
import Foundation
import SpringLabCore
import SpringLabPlatform
import SpringLabUI

// why: icon files (read, checked, rasterised once per size, drawn as a tinted
// mask or in their own colours) are a concern of their own beside the
// rasteriser's command loop
extension CairoRasterizer {
  func drawIconFile(_ cr: OpaquePointer, _ d: IconFileDraw) {
    guard d.side > 0.5, d.restSide > 0.5, d.alpha > 0, d.side.isFinite, d.cx.isFinite,
      d.cy.isFinite
    else { return }
    guard let surface = iconSurface(d) else {
      lastErrors += 1
      return
    }
    let n = Double(cairo_image_surface_get_width(surface))
    cairo_save(cr)
    let k = d.side / n
    if d.degrees == 0 && abs(k - 1) < 1e-9 {
      // why: at rest the raster lands on whole pixels, drawn 1:1 (crisp)
      cairo_translate(cr, (d.cx - n / 2).rounded(), (d.cy - n / 2).rounded())
    } else {
      cairo_translate(cr, d.cx, d.cy)
      cairo_rotate(cr, d.degrees * .pi / 180)
      cairo_scale(cr, k, k)
      cairo_translate(cr, -n / 2, -n / 2)
    }
    let alpha = max(0, min(1, d.alpha))
    if let t = d.tint {
      cairo_set_source_rgba(
        cr, Double(t.r) / 255, Double(t.g) / 255, Double(t.b) / 255, alpha)
      cairo_mask_surface(cr, surface, 0, 0)
    } else {
      cairo_set_source_surface(cr, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint_with_alpha(cr, alpha)
    }
    cairo_restore(cr)
  }

  /// The raster for `d` (read, checked and rasterised on first use).
  private func iconSurface(_ d: IconFileDraw) -> OpaquePointer? {
    let file = IconFileKey(folder: d.folder, path: d.path)
    let side = max(1, min(IconRaster.maxSide, Int(d.restSide.rounded())))
    let key = IconRasterKey(file: file, side: side)
    if let known = iconSurfaces[key] { return known }
    if iconAssets[file] == nil {
      iconStamps[file] = .some(FileStamp(path: d.folder + "/" + d.path))
      iconAssets[file] = .some(try? IconAssets.read(d.path, folder: d.folder).get())
    }
    guard let asset = iconAssets[file] ?? nil else {
      iconSurfaces[key] = .some(nil)
      return nil
    }
    iconRasterizations += 1
    let s = try? IconRaster.surface(asset, side: side).get()
    iconSurfaces[key] = .some(s)
    return s
  }

  /// Forgets the icon files that changed on disk since they were read
  /// (edited, replaced, removed or newly created: their stamp differs), so
  /// the next frame draws them as they are now — a designer saving an SVG
  /// from their editor sees it in the window without reloading. One `stat`
  /// per file read; returns whether any was forgotten. The static layer is
  /// dropped with them (it may hold the old drawing); a caller that keeps a
  /// frame buffer must redraw it whole (its draw list did not change).
  @discardableResult
  public func refreshIcons() -> Bool {
    let stale = iconStamps.filter { key, stamp in
      FileStamp(path: key.folder + "/" + key.path) != stamp
    }.keys
    guard !stale.isEmpty else { return false }
    layer = nil
    for file in stale {
      iconAssets[file] = nil
      iconStamps[file] = nil
      for (k, s) in iconSurfaces where k.file == file {
        if let s { cairo_surface_destroy(s) }
        iconSurfaces[k] = nil
      }
    }
    return true
  }
}
