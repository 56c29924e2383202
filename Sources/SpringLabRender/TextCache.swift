import CCairo
import CSDL2
import Foundation
import SpringLabUI

/// Text measurement the pure UI can take without knowing about SDL:
/// `(text, pixel size) -> (width, height)` in pixels.
public typealias TextMeasurer = (String, Double) -> (Double, Double)

/// Rasterises single-line text runs with SDL_ttf into coverage masks (Cairo
/// A8 surfaces) and keeps them in a bounded LRU cache keyed by (text, pixel
/// size), so a run seen on consecutive frames is rasterised once, whatever
/// its colour. Cairo composites a mask in the run's colour (see
/// `CairoRasterizer`). Also measures text (cached).
///
/// Not thread-safe: use it from one thread at a time.
public final class TextCache {
  /// Smallest and largest pixel size a font is opened at.
  public static let pixelSizeRange = 1...512

  struct Key: Hashable {
    var text: String
    var pixelSize: Int
  }

  /// A cached rasterised run; `width`/`height` in pixels.
  public struct Entry {
    /// A8 coverage mask (owned by the cache).
    public let mask: OpaquePointer
    public let width: Int
    public let height: Int
    var lastUse: UInt64
  }

  /// The font file every size is opened from.
  public let fontPath: String
  /// Maximum number of cached masks; the least recently used is destroyed.
  public let capacity: Int
  /// How many times a run has been rasterised (TTF_RenderUTF8_Blended calls).
  public private(set) var rasterizations = 0
  /// How many times a run has been measured with TTF_SizeUTF8 (cache misses).
  public private(set) var measurements = 0

  private var entries: [Key: Entry] = [:]
  private var measured: [Key: (Double, Double)] = [:]
  private var fonts: [Int: OpaquePointer] = [:]
  // why: a run SDL cannot rasterise must not be retried every frame; it is
  // remembered here (bounded like `entries`).
  private var failed: Set<Key> = []
  private var tick: UInt64 = 0
  // why: the measurement cache has no per-entry resource, so it is simply
  // dropped when it grows past this instead of tracking recency.
  private let measureCapacity = 8192

  /// Opens `fontPath` once (at 16 px) to validate it.
  /// - Throws: `SDLBackendError.sdl` if TTF_Init fails,
  ///   `.fontUnavailable` if the font cannot be opened.
  public init(fontPath: String, capacity: Int = 512) throws {
    self.fontPath = fontPath
    self.capacity = max(1, capacity)
    // why: TTF_Init is reference-counted; each cache balances it in deinit.
    guard TTF_Init() == 0 else { throw SDLBackendError.lastSDL("TTF_Init") }
    guard font(pixelSize: 16) != nil else {
      let message = currentSDLError()
      TTF_Quit()
      throw SDLBackendError.fontUnavailable(path: fontPath, message: message)
    }
  }

  deinit {
    purge()
    for (_, f) in fonts { TTF_CloseFont(f) }
    TTF_Quit()
  }

  /// Number of masks currently cached.
  public var count: Int { entries.count }

  /// Destroys every cached mask.
  public func purge() {
    for (_, e) in entries { cairo_surface_destroy(e.mask) }
    entries.removeAll()
  }

  /// `(width, height)` in pixels of `text` at `size` pixels. Empty text has
  /// zero width and the font's line height. Returns (0, 0) if the font fails.
  public func measure(_ text: String, size: Double) -> (Double, Double) {
    let key = Key(text: text, pixelSize: Self.pixelSize(size))
    if let m = measured[key] { return m }
    guard let f = font(pixelSize: key.pixelSize) else { return (0, 0) }
    var w: Int32 = 0
    var h: Int32 = 0
    let clean = Self.sanitized(text)
    if clean.isEmpty {
      h = TTF_FontHeight(f)
    } else if TTF_SizeUTF8(f, clean, &w, &h) != 0 {
      return (0, 0)
    }
    measurements += 1
    if measured.count >= measureCapacity { measured.removeAll(keepingCapacity: true) }
    let m = (Double(w), Double(h))
    measured[key] = m
    return m
  }

  /// `measure` as a closure for the UI. It keeps this cache alive.
  public var measurer: TextMeasurer {
    { [self] text, size in measure(text, size: size) }
  }

  /// The coverage mask for a run, rasterising it only if it is not cached.
  /// Returns nil for empty text or if SDL fails (the run is then skipped).
  public func mask(for text: String, size: Double) -> Entry? {
    let clean = Self.sanitized(text)
    guard !clean.isEmpty else { return nil }
    tick &+= 1
    let key = Key(text: clean, pixelSize: Self.pixelSize(size))
    if var e = entries[key] {
      e.lastUse = tick
      entries[key] = e
      return e
    }
    guard !failed.contains(key), let f = font(pixelSize: key.pixelSize) else { return nil }
    rasterizations += 1
    // why: white glyphs on a transparent surface: the alpha channel is the coverage.
    let fg = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard let rendered = TTF_RenderUTF8_Blended(f, clean, fg) else {
      rememberFailure(key)
      return nil
    }
    defer { SDL_FreeSurface(rendered) }
    guard
      let argb = SDL_ConvertSurfaceFormat(rendered, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0)
    else {
      rememberFailure(key)
      return nil
    }
    defer { SDL_FreeSurface(argb) }
    let w = Int(argb.pointee.w)
    let h = Int(argb.pointee.h)
    let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))
    guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS,
      let dst = cairo_image_surface_get_data(mask),
      let src = argb.pointee.pixels
    else {
      cairo_surface_destroy(mask)
      rememberFailure(key)
      return nil
    }
    cairo_surface_flush(mask)
    let dstStride = Int(cairo_image_surface_get_stride(mask))
    let srcPitch = Int(argb.pointee.pitch)
    let bytes = src.assumingMemoryBound(to: UInt8.self)
    for y in 0..<h {
      let s = bytes + y * srcPitch
      let d = dst + y * dstStride
      // why: ARGB8888 is B, G, R, A in memory on little-endian machines.
      for x in 0..<w { d[x] = s[x * 4 + 3] }
    }
    cairo_surface_mark_dirty(mask)
    if entries.count >= capacity { evictLeastRecentlyUsed() }
    let e = Entry(mask: mask!, width: w, height: h, lastUse: tick)
    entries[key] = e
    return e
  }

  private func rememberFailure(_ key: Key) {
    if failed.count >= capacity { failed.removeAll() }
    failed.insert(key)
  }

  private func evictLeastRecentlyUsed() {
    // why: a linear scan over ≤ capacity entries only happens on a cache miss,
    // which already pays for a rasterisation, so it never dominates.
    guard let victim = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
    cairo_surface_destroy(victim.value.mask)
    entries.removeValue(forKey: victim.key)
  }

  private func font(pixelSize: Int) -> OpaquePointer? {
    if let f = fonts[pixelSize] { return f }
    // why: TTF point sizes are at 72 dpi, where one point is one pixel.
    guard let f = TTF_OpenFont(fontPath, Int32(pixelSize)) else { return nil }
    fonts[pixelSize] = f
    return f
  }

  static func pixelSize(_ size: Double) -> Int {
    guard size.isFinite else { return 16 }
    return min(pixelSizeRange.upperBound, max(pixelSizeRange.lowerBound, Int(size.rounded())))
  }

  // why: an embedded NUL would silently truncate the C string.
  static func sanitized(_ text: String) -> String {
    text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "") : text
  }
}
