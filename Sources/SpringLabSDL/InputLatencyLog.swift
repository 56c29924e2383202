import CSDL2
import CX11Input
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `springlab bench`'s input-to-frame log (SPRINGLAB_INPUT_LOG=FILE): one
/// line per input, "KIND X-TIME-ms PRESENTED-ms" with KIND click, key or
/// drag, from the X server's timestamp of a button press, key press or drag
/// motion to the end of the first present after it that redrew anything.
/// Both times are CLOCK_MONOTONIC in milliseconds modulo 2^32, the clock X
/// servers on Linux stamp events with.
final class InputLatencyLog {
  enum Kind: String {
    case click, key, drag
  }

  private let file: UnsafeMutablePointer<FILE>
  /// Inputs read but not yet shown: kind, X time (ms), when read (monotonic s).
  private var unshown: [(kind: Kind, xTime: UInt32, read: Double)] = []

  /// The log `environment` asks for, or nil (not asked for, or the file
  /// cannot be opened).
  init?(environment: [String: String]) {
    guard let path = environment["SPRINGLAB_INPUT_LOG"], let f = fopen(path, "w") else {
      return nil
    }
    file = f
  }

  deinit { fclose(file) }

  /// Keeps an X input event's server time until a frame shows it.
  func note(_ e: inout SDL_Event) {
    var time: UInt = 0
    let kind: Kind
    switch springlab_x11_input_time(&e, &time) {
    case SPRINGLAB_X11_INPUT_BUTTON_PRESS: kind = .click
    case SPRINGLAB_X11_INPUT_KEY_PRESS: kind = .key
    case SPRINGLAB_X11_INPUT_DRAG: kind = .drag
    default: return
    }
    unshown.append((kind, UInt32(truncatingIfNeeded: time), Self.monotonic()))
  }

  /// Logs the inputs a present shows (when it redrew something); an input
  /// that nothing showed within 0.5 s had no visible effect and is dropped.
  func shown(redrew: Bool) {
    guard !unshown.isEmpty else { return }
    let now = Self.monotonic()
    if redrew {
      let ms = UInt32(truncatingIfNeeded: Int64((now * 1000).rounded(.down)))
      for i in unshown { fputs("\(i.kind.rawValue) \(i.xTime) \(ms)\n", file) }
      fflush(file)
      unshown.removeAll()
    } else {
      unshown.removeAll { now - $0.read > 0.5 }
    }
  }

  /// CLOCK_MONOTONIC in seconds.
  static func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
