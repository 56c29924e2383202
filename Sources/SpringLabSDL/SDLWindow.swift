import CSDL2
import Foundation
import SpringLabRender
import SpringLabUI

/// How a window shows the frame buffer the rasteriser draws into.
public enum Presentation: String, Sendable {
  /// The rasteriser draws straight into SDL's window surface (software
  /// presentation, as under Xvfb); dirty rectangles go out with
  /// `SDL_UpdateWindowSurfaceRects`.
  case windowSurface = "surface"
  /// The rasteriser draws into its own buffer; dirty rectangles are uploaded
  /// into a streaming texture that a GPU renderer shows (HiDPI displays whose
  /// window surface is in points, or when asked for).
  case streamingTexture = "texture"
}

/// A resizable, HiDPI-aware SDL window that presents the very frame buffer
/// the Cairo rasteriser draws (the same pixels `render` writes) and turns SDL
/// events into `UIEvent`s. Initialises only `SDL_INIT_VIDEO` (which brings
/// the event subsystem). Use from the main thread only.
///
/// `SPRINGLAB_PRESENT=surface|texture` forces a presentation (tests, bug reports).
public final class SDLWindow {
  /// Frame buffer size in pixels (the window's size in pixels).
  public private(set) var pixelWidth: Int
  public private(set) var pixelHeight: Int
  /// Pixels per window point (1 on ordinary displays, 2 on HiDPI).
  public private(set) var scale: Double
  /// The UI scale asked for (see `init`), or nil.
  public let uiScale: Double?
  /// How frames reach the screen.
  public let presentation: Presentation
  /// Name of the SDL render driver in use ("window-surface" when none).
  public let rendererName: String
  /// Text cache for the rasteriser; nil when opened without a font.
  public let textCache: TextCache?
  /// The rasteriser drawing the window's frames.
  public let rasterizer: CairoRasterizer
  /// Redraw only what changed between frames (default true).
  public var incremental = true
  /// The boxes the last `present` redrew and sent to the screen.
  public private(set) var lastPresented: [PixelBox] = []
  // why: `springlab bench` reads the CPU time of every frame from here
  // (SPRINGLAB_FRAME_CPU_LOG=FILE); nil otherwise
  private let cpuLog = FrameCPULog(environment: ProcessInfo.processInfo.environment)

  // why: `springlab bench` measures input-to-frame latency from here
  // (SPRINGLAB_INPUT_LOG=FILE); nil, and no X events asked for, otherwise
  private let inputLog = InputLatencyLog(environment: ProcessInfo.processInfo.environment)

  private let window: OpaquePointer
  private var renderer: OpaquePointer?
  private var texture: OpaquePointer?
  // why: internal, not private: SDLWindow+Icons.swift redraws it whole
  var buffer: FrameBuffer?
  // why: a window surface in a format Cairo cannot draw into is fed through
  // this surface over our own buffer and converted per dirty rectangle.
  private var converter: UnsafeMutablePointer<SDL_Surface>?
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
  ///   - presentation: nil picks the window surface unless it is smaller than
  ///     the window in pixels (HiDPI), then a streaming texture;
  ///     `SPRINGLAB_PRESENT` overrides both.
  /// - Throws: `.noDisplay` (with SDL_GetError text) if SDL video or the window
  ///   cannot be created, `.sdl` if neither presentation works, `.fontUnavailable`.
  ///   - uiScale: pixels per point where SDL reports one pixel per point
  ///     (X11 does not scale windows): the window opens that many times
  ///     larger (within 90 % of the display) and `scale` reports it.
  public init(
    title: String, width: Int? = nil, height: Int? = nil, fontPath: String?,
    presentation: Presentation? = nil, uiScale: Double? = nil
  ) throws {
    // why: keep the desktop compositor running (SDL would bypass it by default),
    // and let a click that focuses the window also act on the UI.
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    // why: otherwise SDL backs the window surface with an OpenGL texture
    // when it finds a GL driver, which under Xvfb is Mesa's software GL
    // (llvmpipe) redrawing the whole window per update; the native
    // framebuffer (X11 shared memory) copies just the dirty rectangles.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else {
      throw SDLBackendError.noDisplay(message: currentSDLError())
    }
    // why: the X event (and its server timestamp) reaches us only as a
    // window-system event, which SDL drops unless asked
    if inputLog != nil { SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE) }
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
    let k = uiScale.map { max(0.25, min(8, $0)) } ?? 1
    var w = Int((Double(width ?? Self.defaultSize.width) * k).rounded())
    var h = Int((Double(height ?? Self.defaultSize.height) * k).rounded())
    if width == nil || height == nil || k != 1 {
      var bounds = SDL_Rect()
      if SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
        w = min(w, Int(Double(bounds.w) * 0.9))
        h = min(h, Int(Double(bounds.h) * 0.9))
      }
      // why: whole points at the UI scale, so the window is a whole number of points
      w = Int((Double(w) / k).rounded(.down) * k)
      h = Int((Double(h) / k).rounded(.down) * k)
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
    let forced = ProcessInfo.processInfo.environment["SPRINGLAB_PRESENT"].flatMap(
      Presentation.init(rawValue:))
    var chosen = forced ?? presentation ?? Self.naturalPresentation(win)
    var ren: OpaquePointer? = nil
    if chosen == .streamingTexture {
      let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
      ren =
        SDL_CreateRenderer(win, -1, UInt32(accelerated))
        ?? SDL_CreateRenderer(win, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue))
      if ren == nil { chosen = .windowSurface }
    }
    if chosen == .windowSurface, SDL_GetWindowSurface(win) == nil {
      let e = SDLBackendError.lastSDL("SDL_GetWindowSurface")
      SDL_DestroyWindow(win)
      SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
      throw e
    }
    var info = SDL_RendererInfo()
    if let ren, SDL_GetRendererInfo(ren, &info) == 0, info.name != nil {
      rendererName = String(cString: info.name)
    } else {
      rendererName = ren == nil ? "window-surface" : "unknown"
    }
    var cache: TextCache? = nil
    if let fontPath {
      do {
        cache = try TextCache(fontPath: fontPath)
      } catch {
        if let ren { SDL_DestroyRenderer(ren) }
        SDL_DestroyWindow(win)
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
        throw error
      }
    }
    self.presentation = chosen
    self.window = win
    self.renderer = ren
    self.textCache = cache
    self.rasterizer = CairoRasterizer(textCache: cache)
    self.pixelWidth = w
    self.pixelHeight = h
    self.scale = 1
    self.uiScale = uiScale
    updateSize()
  }

  deinit {
    buffer = nil
    if let converter { SDL_FreeSurface(converter) }
    if let texture { SDL_DestroyTexture(texture) }
    if let renderer { SDL_DestroyRenderer(renderer) }
    SDL_DestroyWindow(window)
    SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
  }

  /// The window surface unless the window has more pixels than points (a
  /// HiDPI window, whose surface SDL would size in points): then a
  /// streaming texture at the window's size in pixels.
  static func naturalPresentation(_ win: OpaquePointer) -> Presentation {
    var pw: Int32 = 0
    var ph: Int32 = 0
    var ww: Int32 = 0
    var wh: Int32 = 0
    // why: decided without creating the window surface, because a window
    // that has one cannot also get a renderer.
    SDL_GetWindowSizeInPixels(win, &pw, &ph)
    SDL_GetWindowSize(win, &ww, &wh)
    return pw > ww || ph > wh ? .streamingTexture : .windowSurface
  }

  /// Text measurement for the UI; nil without a font.
  public var measurer: TextMeasurer? { textCache?.measurer }

  /// Draws `list` into the window's frame buffer (only what changed since the
  /// last frame when `incremental`) and shows the redrawn rectangles. Does
  /// not wait for vsync on the window surface; the caller paces frames.
  public func present(_ list: DrawList) {
    guard let buffer = frameBuffer() else { return }
    let surface = presentation == .windowSurface ? SDL_GetWindowSurface(window) : nil
    let mustLock = surface.map { ($0.pointee.flags & UInt32(SDL_RLEACCEL)) != 0 } ?? false
    if mustLock { SDL_LockSurface(surface) }
    let damage = rasterizer.render(list, into: buffer, incremental: incremental)
    if mustLock { SDL_UnlockSurface(surface) }
    lastPresented = damage
    if !damage.isEmpty { show(damage, from: buffer, surface: surface) }
    inputLog?.shown(redrew: !damage.isEmpty)
    cpuLog?.presented(pixels: damage.reduce(0) { $0 + $1.area })
  }

  /// The window has nothing to draw until the next input: draws the static
  /// layer of what it shows ahead of time (see
  /// `CairoRasterizer.prepareLayer`), so the next motion's first frame does
  /// not. Cheap when the layer already serves.
  public func idle() {
    if let buffer, let shown = buffer.shown {
      rasterizer.prepareLayer(for: shown, like: buffer)
    }
    cpuLog?.wentIdle()
  }

  /// Sends `boxes` of `buffer` to the screen.
  private func show(
    _ boxes: [PixelBox], from buffer: FrameBuffer, surface: UnsafeMutablePointer<SDL_Surface>?
  ) {
    var rects = boxes.map {
      SDL_Rect(x: Int32($0.x0), y: Int32($0.y0), w: Int32($0.width), h: Int32($0.height))
    }
    switch presentation {
    case .windowSurface:
      if let converter, let surface {
        for r in rects {
          var src = r
          var dst = r
          SDL_UpperBlit(converter, &src, surface, &dst)
        }
      }
      SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count))
    case .streamingTexture:
      guard let renderer, let texture else { return }
      for var r in rects {
        let p = buffer.bytes + Int(r.y) * buffer.stride + Int(r.x) * 4
        SDL_UpdateTexture(texture, &r, p, Int32(buffer.stride))
      }
      SDL_RenderCopy(renderer, texture, nil, nil)
      SDL_RenderPresent(renderer)
    }
  }

  /// Shows the whole current frame again without redrawing it (after an expose).
  public func representAll() {
    guard let buffer, buffer.shown != nil else { return }
    let surface = presentation == .windowSurface ? SDL_GetWindowSurface(window) : nil
    show(
      [PixelBox(x0: 0, y0: 0, x1: buffer.width, y1: buffer.height)], from: buffer, surface: surface)
  }

  /// The frame buffer for the current window size, created on first use and
  /// after a resize (then the next frame is drawn in full).
  private func frameBuffer() -> FrameBuffer? {
    if let buffer, buffer.width == pixelWidth, buffer.height == pixelHeight {
      // why: SDL may hand out a new window surface (after a resize back and
      // forth); drawing into the old memory would be a use after free.
      if presentation == .streamingTexture || converter != nil
        || SDL_GetWindowSurface(window)?.pointee.pixels == buffer.bytes
      {
        return buffer
      }
    }
    buffer = nil
    if let converter { SDL_FreeSurface(converter) }
    converter = nil
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    switch presentation {
    case .windowSurface:
      guard let s = SDL_GetWindowSurface(window), let pixels = s.pointee.pixels else { return nil }
      let format = s.pointee.format.pointee.format
      let w = Int(s.pointee.w)
      let h = Int(s.pointee.h)
      // why: XRGB/ARGB 8888 is Cairo's own layout: draw straight into the
      // window's memory, no copy on the way to the screen.
      if format == UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue)
        || format == UInt32(SDL_PIXELFORMAT_RGB888.rawValue)
      {
        buffer = try? FrameBuffer(
          wrapping: pixels, width: w, height: h, stride: Int(s.pointee.pitch))
      } else if let own = try? FrameBuffer(width: w, height: h) {
        converter = SDL_CreateRGBSurfaceWithFormatFrom(
          own.bytes, Int32(w), Int32(h), 32, Int32(own.stride),
          UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue))
        buffer = converter == nil ? nil : own
      }
    case .streamingTexture:
      guard let renderer else { return nil }
      texture = SDL_CreateTexture(
        renderer, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue),
        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(pixelWidth), Int32(pixelHeight))
      if texture != nil { buffer = try? FrameBuffer(width: pixelWidth, height: pixelHeight) }
    }
    return buffer
  }

  /// Sets the window title (UTF-8).
  public func setTitle(_ title: String) {
    SDL_SetWindowTitle(window, title)
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
      inputLog?.note(&event)
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
    if let renderer {
      SDL_GetRendererOutputSize(renderer, &ow, &oh)
    } else if let s = SDL_GetWindowSurface(window) {
      ow = s.pointee.w
      oh = s.pointee.h
    }
    SDL_GetWindowSize(window, &ww, &wh)
    pixelWidth = Int(max(1, ow))
    pixelHeight = Int(max(1, oh))
    scaleX = ww > 0 ? Double(pixelWidth) / Double(ww) : 1
    scaleY = wh > 0 ? Double(pixelHeight) / Double(wh) : 1
    scale = scaleX
    // why: SDL scales on Wayland and macOS (more pixels than points); where it
    // does not (X11), the UI scale stands in for it
    if let k = uiScale, scaleX == 1 { scale = k }
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
      } else if id == SDL_WINDOWEVENT_EXPOSED.rawValue {
        // why: the window system lost what was shown; the frame is still in
        // the buffer, so it goes out again without redrawing.
        representAll()
      }
      return nil
    case SDL_DROPFILE.rawValue:
      guard let file = e.drop.file else { return nil }
      defer { SDL_free(file) }
      // why: a drop carries no position; the pointer's place says which item
      // an icon file was dropped on (SDL reports it in window points)
      var mx: Int32 = 0
      var my: Int32 = 0
      _ = SDL_GetMouseState(&mx, &my)
      return .dropFileAt(String(cString: file), x: Double(mx) * scaleX, y: Double(my) * scaleY)
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
