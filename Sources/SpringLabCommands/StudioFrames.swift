import Foundation
import SpringLabCore
import SpringLabStudio
import SpringLabUI

/// The window's frames made headless (`render --ui`): a Studio state driven
/// by the same preset, script and time as the window, drawn by the same view.
/// Its clock is the scene time asked for, so a frame equals the window's
/// frame of the same state.
final class StudioFrames {
  private(set) var state: StudioState
  let view: StudioView

  /// - Parameters:
  ///   - presetPath: the preset's file, as the window would open it (its name
  ///     shows in the panel and picks the library listed there); nil: untitled.
  ///   - script: played live as `--play` does; nil: the window left untouched.
  ///   - pauseAt: scene time (seconds) at which the timeline pauses, as `--pause-at`.
  ///   - width, height: the window's size in pixels; `scale` pixels per point.
  init(
    preset: Preset, presetPath: String?, script: InputScript?, pauseAt: Double?,
    width: Int, height: Int, scale: Double, icons: IconSet, measure: @escaping UIMeasure
  ) {
    let path = presetPath.map(WindowCommand.absolute)
    let folders = WindowCommand.folders()
    var s = StudioState(
      preset: preset, path: path, stamp: nil, folders: folders, session: "render",
      window: WindowSize(width: Double(width), height: Double(height), scale: scale))
    // why: the panel is what `--ui` is for; a fresh window shows it too
    s.overlays.panel = true
    for e in s.startEffects(lookForRecovery: false) {
      // why: only the library shows in the frame; the title is outside the
      // window's pixels, and a headless render watches and recovers nothing
      if case .listLibrary(let folder) = e {
        _ = reduce(&s, .libraryListed(LiveStudioServices.listLibrary(folder)))
      }
    }
    if let sc = script { s.startPlaying(sc, pauseAt: pauseAt) }
    state = s
    view = StudioView(icons: icons, measure: measure)
  }

  /// The frame at scene time `t` (seconds, never earlier than the last one).
  /// Effects are dropped: a headless render saves, loads and copies nothing.
  func frame(at t: Double) -> StudioFrame {
    _ = reduce(&state, .tick(t))
    return view.frame(state, events: [])
  }
}
