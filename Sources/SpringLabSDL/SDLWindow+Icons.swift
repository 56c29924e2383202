import CSDL2
import Foundation
import SpringLabRender
import SpringLabUI

extension SDLWindow {
  /// Redraws icon files edited on disk since they were drawn
  /// (`CairoRasterizer.refreshIcons`); true when some were, and the next
  /// `present` then draws the whole frame.
  public func refreshIcons() -> Bool {
    guard rasterizer.refreshIcons() else { return false }
    buffer?.shown = nil
    return true
  }
}
