import CSDL2
import Foundation
import SpringLabUI

/// A resizable, HiDPI-aware SDL window with a renderer that draws `DrawList`s
/// and turns SDL events into `UIEvent`s. Initialises only `SDL_INIT_VIDEO`
/// (which brings the event subsystem). Use from the main thread only.
public final class SDLWindow {
  /// Drawable size in pixels (renderer output size).
  public private(set) var pixelWidth: Int
  public private(set) var pixelHeight: Int
  /// Pixels per window point (1 on ordinary displays, 2 on HiDPI).
  public private(set) var scale: Double
  /// Name of the SDL render driver in use (e.g. "opengl", "software").
  public let rendererName: String
  /// Text cache for this window's renderer; nil when opened without a font.
  public let textCache: TextCache?
  /// The draw-list renderer bound to the window's renderer.
  public let drawer: DrawListRenderer

  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private var scaleX = 1.0
  private var scaleY = 1.0

  /// SDL video drivers that show nothing on screen.
  static let headlessDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

  /// Name of the SDL video driver in use (e.g. "x11", "wayland").
  public let videoDriver: String

  /// Default window size in points, before clamping to the display.
  public static let defaultSize = (width: 1280, height: 800)

  /// Opens a window.
  /// - Parameters:
  ///   - title: window title (UTF-8).
  ///   - width, height: size in window points; nil uses 1280 × 800 clamped
  ///     to 90 % of the display's usable bounds.
  ///   - fontPath: TTF for text; nil skips text commands.
  /// - Throws: `.noDisplay` (with SDL_GetError text) if SDL video or the window
  ///   cannot be created, `.sdl` if no renderer works, `.fontUnavailable`.
  public init(title: String, width: Int? = nil, height: Int? = nil, fontPath: String?) throws {
    // why: keep the desktop compositor running (SDL would bypass it by default),
    // and let a click that focuses the window also act on the UI.
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else {
      throw SDLBackendError.noDisplay(message: currentSDLError())
    }
    // why: with no X11/Wayland display SDL 2.26 silently falls back to its
    // invisible "offscreen" driver, which would leave the user staring at
    // nothing; only accept it when explicitly requested via SDL_VIDEODRIVER.
    let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
    let requested = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? ""
    if Self.headlessDrivers.contains(driver), !requested.contains(driver) {
      SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
      throw SDLBackendError.noDisplay(
        message:
          "only SDL's headless '\(driver)' video driver is available (is DISPLAY or WAYLAND_DISPLAY set?)"
      )
    }
    videoDriver = driver
    var w = width ?? Self.defaultSize.width
    var h = height ?? Self.defaultSize.height
    if width == nil || height == nil {
      var bounds = SDL_Rect()
      if SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
        w = min(w, Int(Double(bounds.w) * 0.9))
        h = min(h, Int(Double(bounds.h) * 0.9))
      }
    }
    w = max(200, w)
    h = max(150, h)
    let flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
    let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
    guard
      let win = SDL_CreateWindow(title, centered, centered, Int32(w), Int32(h), UInt32(flags))
    else {
      let message = currentSDLError()
      SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
      throw SDLBackendError.noDisplay(message: message)
    }
    SDL_SetWindowMinimumSize(win, 320, 240)
    let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
    guard
      let ren = SDL_CreateRenderer(win, -1, UInt32(accelerated))
        ?? SDL_CreateRenderer(win, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue))
    else {
      let e = SDLBackendError.lastSDL("SDL_CreateRenderer")
      SDL_DestroyWindow(win)
      SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
      throw e
    }
    var info = SDL_RendererInfo()
    rendererName =
      SDL_GetRendererInfo(ren, &info) == 0 && info.name != nil
      ? String(cString: info.name) : "unknown"
    var cache: TextCache? = nil
    if let fontPath {
      do {
        cache = try TextCache(renderer: ren, fontPath: fontPath)
      } catch {
        SDL_DestroyRenderer(ren)
        SDL_DestroyWindow(win)
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
        throw error
      }
    }
    self.window = win
    self.renderer = ren
    self.textCache = cache
    self.drawer = DrawListRenderer(renderer: ren, textCache: cache)
    self.pixelWidth = w
    self.pixelHeight = h
    self.scale = 1
    updateSize()
  }

  deinit {
    // why: textures belong to the renderer, so they go before it.
    textCache?.purgeTextures()
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
  }

  /// Text measurement for the UI; nil without a font.
  public var measurer: TextMeasurer? { textCache?.measurer }

  /// Draws `list` and shows it (waits for vsync when available).
  public func present(_ list: DrawList) {
    drawer.draw(list)
    SDL_RenderPresent(renderer)
  }

  /// Sets the window title (UTF-8).
  public func setTitle(_ title: String) {
    SDL_SetWindowTitle(window, title)
  }

  /// Starts delivering `.text` events (and an IME, if any).
  public func startTextInput() { SDL_StartTextInput() }

  /// Stops delivering `.text` events.
  public func stopTextInput() { SDL_StopTextInput() }

  /// Puts `text` on the system clipboard; returns false on failure.
  @discardableResult
  public func setClipboardText(_ text: String) -> Bool {
    SDL_SetClipboardText(text) == 0
  }

  /// Waits up to `timeoutMs` milliseconds for an event (0 = just poll), then
  /// drains every pending event. Mouse coordinates are in drawable pixels.
  /// Several size changes in one batch yield one `.resize`.
  public func waitEvent(timeoutMs: Int) -> [UIEvent] {
    var out: [UIEvent] = []
    var event = SDL_Event()
    var resized = false
    var got = SDL_WaitEventTimeout(&event, Int32(clamping: max(0, timeoutMs))) == 1
    while got {
      if let e = translate(&event, resized: &resized) { out.append(e) }
      got = SDL_PollEvent(&event) == 1
    }
    if resized {
      updateSize()
      out.append(.resize(width: pixelWidth, height: pixelHeight, scale: scale))
    }
    return out
  }

  private func updateSize() {
    var ow: Int32 = 0
    var oh: Int32 = 0
    var ww: Int32 = 0
    var wh: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &ow, &oh)
    SDL_GetWindowSize(window, &ww, &wh)
    pixelWidth = Int(max(1, ow))
    pixelHeight = Int(max(1, oh))
    scaleX = ww > 0 ? Double(pixelWidth) / Double(ww) : 1
    scaleY = wh > 0 ? Double(pixelHeight) / Double(wh) : 1
    scale = scaleX
  }

  private func translate(_ e: inout SDL_Event, resized: inout Bool) -> UIEvent? {
    switch e.type {
    case SDL_QUIT.rawValue:
      return .quit
    case SDL_MOUSEMOTION.rawValue:
      return .mouseMove(
        x: Double(e.motion.x) * scaleX, y: Double(e.motion.y) * scaleY, mods: Self.currentMods())
    case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
      guard let button = Self.button(e.button.button) else { return nil }
      let x = Double(e.button.x) * scaleX
      let y = Double(e.button.y) * scaleY
      let mods = Self.currentMods()
      if e.type == SDL_MOUSEBUTTONDOWN.rawValue {
        return .mouseDown(x: x, y: y, button: button, clicks: Int(e.button.clicks), mods: mods)
      }
      return .mouseUp(x: x, y: y, button: button, mods: mods)
    case SDL_MOUSEWHEEL.rawValue:
      // why: "flipped" devices report inverted deltas; normalise to SDL's
      // default (positive y = scroll up / away from the user).
      let sign = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
      return .wheel(dx: Double(e.wheel.preciseX) * sign, dy: Double(e.wheel.preciseY) * sign)
    case SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue:
      let name = Self.keyName(e.key.keysym.sym)
      let mods = Self.mods(UInt32(e.key.keysym.mod))
      if e.type == SDL_KEYDOWN.rawValue {
        return .keyDown(name, mods: mods, isRepeat: e.key.repeat != 0)
      }
      return .keyUp(name, mods: mods)
    case SDL_TEXTINPUT.rawValue:
      let text = withUnsafeBytes(of: &e.text.text) { raw -> String in
        let bytes = raw.prefix(while: { $0 != 0 })
        return String(decoding: bytes, as: UTF8.self)
      }
      return text.isEmpty ? nil : .text(text)
    case SDL_WINDOWEVENT.rawValue:
      let id = UInt32(e.window.event)
      if id == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue || id == SDL_WINDOWEVENT_RESIZED.rawValue
        || id == SDL_WINDOWEVENT_DISPLAY_CHANGED.rawValue
      {
        resized = true
      }
      return nil
    case SDL_DROPFILE.rawValue:
      guard let file = e.drop.file else { return nil }
      defer { SDL_free(file) }
      return .dropFile(String(cString: file))
    default:
      return nil
    }
  }

  static func button(_ b: UInt8) -> MouseButton? {
    switch Int32(b) {
    case SDL_BUTTON_LEFT: return .left
    case SDL_BUTTON_RIGHT: return .right
    case SDL_BUTTON_MIDDLE: return .middle
    default: return nil
    }
  }

  static func currentMods() -> KeyModifiers {
    mods(UInt32(SDL_GetModState().rawValue))
  }

  static func mods(_ raw: UInt32) -> KeyModifiers {
    var m: KeyModifiers = []
    if raw & UInt32(KMOD_SHIFT.rawValue) != 0 { m.insert(.shift) }
    if raw & UInt32(KMOD_CTRL.rawValue) != 0 { m.insert(.ctrl) }
    if raw & UInt32(KMOD_ALT.rawValue) != 0 { m.insert(.alt) }
    return m
  }

  /// Maps an SDL keycode to the `KeyName` vocabulary: printable ASCII keys are
  /// their (lower-case) character, the named keys their `KeyName`; anything
  /// else is SDL's own key name in lower case (e.g. "page up").
  static func keyName(_ sym: SDL_Keycode) -> String {
    let k = UInt32(bitPattern: sym)
    switch k {
    case SDLK_ESCAPE.rawValue: return KeyName.escape
    case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue, SDLK_RETURN2.rawValue: return KeyName.enter
    case SDLK_TAB.rawValue: return KeyName.tab
    case SDLK_SPACE.rawValue: return KeyName.space
    case SDLK_BACKSPACE.rawValue: return KeyName.backspace
    case SDLK_DELETE.rawValue: return KeyName.delete
    case SDLK_LEFT.rawValue: return KeyName.left
    case SDLK_RIGHT.rawValue: return KeyName.right
    case SDLK_UP.rawValue: return KeyName.up
    case SDLK_DOWN.rawValue: return KeyName.down
    case SDLK_HOME.rawValue: return KeyName.home
    case SDLK_END.rawValue: return KeyName.end
    case SDLK_F1.rawValue...SDLK_F12.rawValue:
      return "f\(k - SDLK_F1.rawValue + 1)"
    case 33...126:
      let scalar = Unicode.Scalar(UInt8(k))
      return String(Character(scalar)).lowercased()
    default:
      guard let p = SDL_GetKeyName(sym) else { return "unknown" }
      let s = String(cString: p).lowercased()
      return s.isEmpty ? "unknown" : s
    }
  }
}
