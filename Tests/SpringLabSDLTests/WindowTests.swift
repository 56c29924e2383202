import Foundation
import SpringLabPlatform
import SpringLabRender
import SpringLabUI
import Testing

@testable import SpringLabSDL

private let hasDisplay = PrivateDisplay.sessionHasDisplay

extension SDLTests {
  @Suite struct WindowTests {
    @Test(
      .enabled(if: !hasDisplay && ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil))
    func noDisplayIsAReportedError() {
      do {
        _ = try SDLWindow(title: "SpringLab test", fontPath: nil)
        Issue.record("a window opened without a display")
      } catch let e as SDLBackendError {
        guard case .noDisplay(let message) = e else {
          Issue.record("expected noDisplay, got \(e)")
          return
        }
        #expect(!message.isEmpty)
      } catch {
        Issue.record("unexpected \(error)")
      }
    }

    /// On the session's display, or a private Xvfb when there is none.
    @Test(.enabled(if: PrivateDisplay.available, "needs a display or Xvfb (apt install xvfb)"))
    func windowPresentsAndReportsEvents() throws { try PrivateDisplay.run(presentsAndReports) }

    func presentsAndReports() throws {
      let title = "springlab-window-test-\(getpid())"
      let window = try SDLWindow(
        title: title, width: 320, height: 240, fontPath: FontLocator.locate())
      #expect(window.pixelWidth == 320 && window.pixelHeight == 240)
      #expect(window.scale == 1)
      #expect(window.videoDriver == "x11" || window.videoDriver == "wayland")
      var list = DrawList()
      list.fillCircle(cx: 160, cy: 120, r: 40, RGBA(255, 0, 0))
      list.text("Hello", x: 160, y: 10, size: 16, color: RGBA(255, 255, 255), align: .center)
      for _ in 0..<3 {
        window.present(list)
        _ = window.waitEvent(timeoutMs: 20)
      }
      #expect(window.rasterizer.lastErrors == 0)
      #expect(window.textCache?.rasterizations == 1)
      window.setTitle(title + "-renamed")
      window.startTextInput()
      window.stopTextInput()
      #expect(window.setClipboardText("springlab"))
      #expect(window.measurer?("Hello", 16).0 ?? 0 > 0)
    }

    /// Both presentations show the rasteriser's buffer and send only what
    /// changed: nothing for an unchanged frame, a small box for a moved dot.
    /// (One test, not one case per presentation: SDL video must not be used
    /// from two threads at once, and parameterised cases may run in parallel.)
    @Test(.enabled(if: PrivateDisplay.available, "needs a display or Xvfb (apt install xvfb)"))
    func presentationSendsOnlyDirtyRectangles() throws {
      try PrivateDisplay.run(presentationsSendOnlyDirtyRectangles)
    }

    func presentationsSendOnlyDirtyRectangles() throws {
      for presentation in [Presentation.windowSurface, .streamingTexture] {
        // why: in a full test run SDL's X11 driver has now and then failed to
        // reconnect right after the previous window closed (SDL then offers
        // only its "offscreen" driver); a second try a moment later works.
        var opened: SDLWindow?
        for attempt in 0..<3 where opened == nil {
          do {
            opened = try SDLWindow(
              title: "springlab-present-\(presentation.rawValue)-\(getpid())", width: 320,
              height: 240, fontPath: nil, presentation: presentation)
          } catch SDLBackendError.noDisplay(let message) where attempt < 2 {
            print("presentation test: no display on attempt \(attempt + 1) (\(message)); retrying")
            usleep(300_000)
          }
        }
        let window = try #require(opened)
        #expect(window.presentation == presentation)
        var list = DrawList()
        list.fillCircle(cx: 100, cy: 120, r: 10, RGBA(255, 0, 0))
        window.present(list)
        #expect(window.lastPresented == [PixelBox(x0: 0, y0: 0, x1: 320, y1: 240)])
        window.present(list)
        #expect(window.lastPresented.isEmpty, "an unchanged frame sends nothing")
        var moved = DrawList()
        moved.fillCircle(cx: 104, cy: 120, r: 10, RGBA(255, 0, 0))
        window.present(moved)
        let area = window.lastPresented.reduce(0) { $0 + $1.area }
        #expect(
          area > 0 && area < 30 * 30,
          "\(presentation): only the dot's old and new place: \(window.lastPresented)")
        _ = window.waitEvent(timeoutMs: 10)
      }
    }

    /// Drives a real window with xdotool, on the session's display or a private Xvfb.
    @Test(
      .enabled(
        if: PrivateDisplay.available && ExecutableSearch.find("xdotool") != nil,
        "needs Xvfb (or a display) and xdotool (apt install xvfb xdotool)"))
    func xdotoolInputBecomesUIEvents() throws { try PrivateDisplay.run(inputBecomesEvents) }

    func inputBecomesEvents() throws {
      let title = "springlab-input-test-\(getpid())"
      let window = try SDLWindow(title: title, width: 320, height: 240, fontPath: nil)
      window.startTextInput()
      var list = DrawList()
      list.fillCircle(cx: 160, cy: 120, r: 40, RGBA(255, 0, 0))
      var events: [UIEvent] = []
      func pump(until done: ([UIEvent]) -> Bool) {
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline && !done(events) {
          window.present(list)
          events += window.waitEvent(timeoutMs: 30)
        }
      }
      window.present(list)
      _ = window.waitEvent(timeoutMs: 50)
      let xdotool = try #require(ExecutableSearch.find("xdotool"))
      let p = try ChildProcess.launch(
        xdotool,
        [
          "search", "--sync", "--name", title, "windowfocus", "--sync", "mousemove", "--window",
          "%1", "10", "20", "click", "1", "key", "shift+a", "windowsize", "%1", "400", "300",
        ], env: ProcessInfo.processInfo.environment, captureErrors: true)
      defer { p.cleanUp() }
      pump(until: { $0.contains { if case .resize = $0 { return true } else { return false } } })
      #expect(p.wait() == 0, "xdotool failed")
      pump(until: { $0.contains { if case .resize = $0 { return true } else { return false } } })
      #expect(events.contains(.mouseDown(x: 10, y: 20, button: .left, clicks: 1, mods: [])))
      #expect(events.contains(.mouseUp(x: 10, y: 20, button: .left, mods: [])))
      #expect(events.contains(.keyDown("a", mods: .shift, isRepeat: false)))
      #expect(events.contains(.text("A")))
      #expect(events.contains(.resize(width: 400, height: 300, scale: 1)))
      #expect(window.pixelWidth == 400 && window.pixelHeight == 300)
    }
  }
}
