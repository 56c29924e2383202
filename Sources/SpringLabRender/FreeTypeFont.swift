import CCairo
import Foundation

/// One font file opened with FreeType and handed to Cairo as a font face,
/// with the rendering options every text mask uses and SDL_ttf's line
/// metrics (the layouts were measured with them). Each instance has its own
/// FreeType library, so two instances may be used from two threads; one
/// instance is not thread-safe.
final class FreeTypeFont {
  /// Line metrics at one pixel size, whole pixels: the baseline lies
  /// `ascent` pixels below a line's top; a line is `height` pixels tall.
  struct LineMetrics: Equatable {
    var ascent: Int
    var height: Int
  }

  /// The Cairo font face (one reference owned here; Cairo's own caches may
  /// hold more, which keeps the FreeType face alive after this is gone).
  let face: OpaquePointer
  private let options: OpaquePointer
  private let unitsPerEm: Int
  private let ascender: Int
  private let descender: Int

  /// Opens face 0 of the font file at `path`.
  /// - Throws: `SDLBackendError.fontUnavailable` with FreeType's or Cairo's
  ///   reason (a missing file, a file that is not a font).
  init(path: String) throws {
    var library: FT_Library?
    var error = FT_Init_FreeType(&library)
    guard error == 0, let library else {
      throw SDLBackendError.fontUnavailable(path: path, message: Self.describe(error))
    }
    var ftFace: FT_Face?
    error = FT_New_Face(library, path, 0, &ftFace)
    guard error == 0, let ftFace else {
      FT_Done_FreeType(library)
      throw SDLBackendError.fontUnavailable(path: path, message: Self.describe(error))
    }
    guard ftFace.pointee.units_per_EM > 0 else {
      FT_Done_Face(ftFace)
      FT_Done_FreeType(library)
      throw SDLBackendError.fontUnavailable(path: path, message: "not a scalable font")
    }
    unitsPerEm = Int(ftFace.pointee.units_per_EM)
    ascender = Int(ftFace.pointee.ascender)
    descender = Int(ftFace.pointee.descender)
    let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, 0)!
    // why: Cairo may keep the face in its font caches after the last
    // reference here goes (cairo-ft's documentation), so the FreeType face
    // and its library are freed when Cairo destroys the face, not in deinit
    let owned = UnsafeMutablePointer<FreeTypeHandles>.allocate(capacity: 1)
    owned.initialize(to: FreeTypeHandles(library: library, face: ftFace))
    let status = cairo_font_face_set_user_data(cairoFace, &freeTypeHandlesKey, owned) {
      guard let handles = $0?.assumingMemoryBound(to: FreeTypeHandles.self) else { return }
      FT_Done_Face(handles.pointee.face)
      FT_Done_FreeType(handles.pointee.library)
      handles.deinitialize(count: 1)
      handles.deallocate()
    }
    guard status == CAIRO_STATUS_SUCCESS, cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS
    else {
      cairo_font_face_destroy(cairoFace)
      if status != CAIRO_STATUS_SUCCESS {
        FT_Done_Face(ftFace)
        FT_Done_FreeType(library)
        owned.deinitialize(count: 1)
        owned.deallocate()
      }
      throw SDLBackendError.fontUnavailable(
        path: path, message: String(cString: cairo_status_to_string(status)))
    }
    face = cairoFace
    options = Self.maskOptions()
  }

  deinit {
    cairo_font_options_destroy(options)
    cairo_font_face_destroy(face)
  }

  /// A Cairo scaled font at `pixelSize` pixels per em (the caller owns the
  /// reference), or nil when Cairo cannot make one.
  func scaledFont(pixelSize: Int) -> OpaquePointer? {
    var matrix = cairo_matrix_t()
    var identity = cairo_matrix_t()
    cairo_matrix_init_scale(&matrix, Double(pixelSize), Double(pixelSize))
    cairo_matrix_init_identity(&identity)
    guard let scaled = cairo_scaled_font_create(face, &matrix, &identity, options) else {
      return nil
    }
    guard cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS else {
      cairo_scaled_font_destroy(scaled)
      return nil
    }
    return scaled
  }

  /// SDL_ttf's ascent and font height at `pixelSize`: the font's ascender
  /// and ascender − descender scaled in FreeType's 16.16 and 26.6 fixed
  /// point and rounded up to whole pixels. (Cairo's own font extents round
  /// the two ends apart, a pixel taller at some sizes.)
  func lineMetrics(pixelSize: Int) -> LineMetrics {
    // why: FT_DivFix and FT_MulFix round half away from zero; FT_CEIL rounds 26.6 up
    let scale = ((pixelSize * 64) << 16 + unitsPerEm / 2) / unitsPerEm
    func mulFix(_ a: Int) -> Int {
      let p = a * scale
      return p >= 0 ? (p + 0x8000) >> 16 : -((-p + 0x8000) >> 16)
    }
    func ceilPixels(_ v: Int) -> Int { (v + 63) >> 6 }
    return LineMetrics(
      ascent: ceilPixels(mulFix(ascender)), height: ceilPixels(mulFix(ascender - descender)))
  }

  /// Grey-level antialiasing with full hinting and whole-pixel advances,
  /// set explicitly so masks do not depend on the machine's fontconfig.
  // why: FreeType's normal hinting target, as SDL_ttf used: stems land on
  // whole pixels (crisp at 11–14 px) and glyph origins stay on whole pixels
  private static func maskOptions() -> OpaquePointer {
    let o = cairo_font_options_create()!
    cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_FULL)
    cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_ON)
    cairo_font_options_set_subpixel_order(o, CAIRO_SUBPIXEL_ORDER_DEFAULT)
    return o
  }

  /// FreeType's error code as words (its own strings are compiled out of
  /// Debian's library).
  static func describe(_ error: FT_Error) -> String {
    switch error {
    case 0x01: return "cannot open the file"
    case 0x02: return "not a font file FreeType knows"
    case 0x03: return "a broken font file"
    case 0x04: return "an unsupported font version"
    case 0x08, 0x09, 0x0A: return "a broken font table"
    case 0x40: return "out of memory"
    case 0x51...0x58: return "the file ends early or cannot be read"
    default: return "FreeType error \(error)"
    }
  }
}

/// What Cairo frees with a font face: the FreeType face, then its library.
private struct FreeTypeHandles {
  var library: FT_Library
  var face: FT_Face
}

// why: Cairo tells user data apart by the key's address, so it needs one
// fixed address for the whole run
nonisolated(unsafe) private var freeTypeHandlesKey = cairo_user_data_key_t()
