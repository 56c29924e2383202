import CCairo
import Foundation
import SpringLabUI

/// Text measurement the pure UI can take without knowing about fonts:
/// `(text, pixel size) -> (width, height)` in pixels.
public typealias TextMeasurer = (String, Double) -> (Double, Double)

/// Rasterises single-line text runs with FreeType through Cairo into
/// coverage masks (Cairo A8 surfaces) and keeps them in a bounded LRU cache
/// keyed by (text, pixel size), so a run seen on consecutive frames is
/// rasterised once, whatever its colour. Cairo composites a mask in the
/// run's colour (see `CairoRasterizer`). Also measures text (cached).
///
/// A run's box is SDL_ttf's (what the layouts were made with): the font's
/// line height, taller only where a glyph reaches past it (a descender at
/// some sizes, a tall accent), and the hinted advances' width, wider only
/// where ink overhangs the last advance. Glyphs the font lacks (emoji) are
/// drawn as its missing-glyph box.
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
  /// How many times a run has been rasterised (cache misses of `mask`).
  public private(set) var rasterizations = 0
  /// How many times a run has been measured (cache misses of `measure`).
  public private(set) var measurements = 0

  private let font: FreeTypeFont
  private var entries: [Key: Entry] = [:]
  private var measured: [Key: (Double, Double)] = [:]
  private var sizes: [Int: SizedFont] = [:]
  // why: a run Cairo cannot rasterise must not be retried every frame; it is
  // remembered here (bounded like `entries`).
  private var failed: Set<Key> = []
  private var tick: UInt64 = 0
  // why: the measurement cache has no per-entry resource, so it is simply
  // dropped when it grows past this instead of tracking recency.
  private let measureCapacity = 8192

  /// Opens `fontPath` with FreeType and makes its 16 px font to validate it.
  /// - Throws: `SDLBackendError.fontUnavailable` with FreeType's or Cairo's
  ///   reason when the file is missing or not a font.
  public init(fontPath: String, capacity: Int = 512) throws {
    self.fontPath = fontPath
    self.capacity = max(1, capacity)
    font = try FreeTypeFont(path: fontPath)
    guard sized(16) != nil else {
      throw SDLBackendError.fontUnavailable(
        path: fontPath, message: "Cairo cannot scale it to 16 px")
    }
  }

  deinit {
    purge()
    for (_, f) in sizes { cairo_scaled_font_destroy(f.scaled) }
  }

  /// Number of masks currently cached.
  public var count: Int { entries.count }

  /// Destroys every cached mask.
  public func purge() {
    for (_, e) in entries { cairo_surface_destroy(e.mask) }
    entries.removeAll()
  }

  /// `(width, height)` in pixels of `text` at `size` pixels (rounded to
  /// whole pixels within `pixelSizeRange`). Empty text has zero width and
  /// the font's line height. Returns (0, 0) if the font fails.
  public func measure(_ text: String, size: Double) -> (Double, Double) {
    let key = Key(text: text, pixelSize: Self.pixelSize(size))
    if let m = measured[key] { return m }
    guard let f = sized(key.pixelSize) else { return (0, 0) }
    let box = f.box(Self.sanitized(text))
    measurements += 1
    if measured.count >= measureCapacity { measured.removeAll(keepingCapacity: true) }
    let m = (Double(box.width), Double(box.height))
    measured[key] = m
    return m
  }

  /// `measure` as a closure for the UI. It keeps this cache alive.
  public var measurer: TextMeasurer {
    { [self] text, size in measure(text, size: size) }
  }

  /// The coverage mask for a run, rasterising it only if it is not cached.
  /// Returns nil for empty text or if Cairo fails (the run is then skipped).
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
    guard !failed.contains(key), let f = sized(key.pixelSize) else { return nil }
    rasterizations += 1
    let box = f.box(clean)
    guard box.width > 0, let mask = f.draw(clean, in: box) else {
      rememberFailure(key)
      return nil
    }
    let (w, h) = (box.width, box.height)
    if entries.count >= capacity { evictLeastRecentlyUsed() }
    let e = Entry(mask: mask, width: w, height: h, lastUse: tick)
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

  private func sized(_ pixelSize: Int) -> SizedFont? {
    if let f = sizes[pixelSize] { return f }
    guard let scaled = font.scaledFont(pixelSize: pixelSize) else { return nil }
    let f = SizedFont(scaled: scaled, line: font.lineMetrics(pixelSize: pixelSize))
    sizes[pixelSize] = f
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
