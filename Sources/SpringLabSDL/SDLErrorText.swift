import CSDL2
import SpringLabRender

extension SDLBackendError {
  /// `.sdl` with the current `SDL_GetError()` text.
  static func lastSDL(_ call: String) -> SDLBackendError {
    .sdl(call: call, message: currentSDLError())
  }
}

/// The current `SDL_GetError()` text ("unknown error" if empty).
func currentSDLError() -> String {
  guard let p = SDL_GetError() else { return "unknown error" }
  let s = String(cString: p)
  return s.isEmpty ? "unknown error" : s
}
