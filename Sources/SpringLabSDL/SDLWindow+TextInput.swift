import CSDL2

// why: text input and the clipboard are the desktop's services, a concern
// of their own beside drawing and events
extension SDLWindow {
  /// Starts delivering `.text` events (and an IME, if any).
  public func startTextInput() { SDL_StartTextInput() }

  /// Stops delivering `.text` events.
  public func stopTextInput() { SDL_StopTextInput() }

  /// Puts `text` on the system clipboard; returns false on failure.
  @discardableResult
  public func setClipboardText(_ text: String) -> Bool {
    SDL_SetClipboardText(text) == 0
  }

  /// The system clipboard's text, or nil when it holds none.
  public func clipboardText() -> String? {
    guard SDL_HasClipboardText() == SDL_TRUE, let c = SDL_GetClipboardText() else { return nil }
    defer { SDL_free(c) }
    return String(cString: c)
  }
}
