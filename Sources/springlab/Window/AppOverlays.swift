import Foundation
import SpringLabCore
import SpringLabUI

extension App {
  static let helpLines: [(String, String)] = [
    ("Space", "toggle the fan"), ("B", "bubble menu (or show a dismissed bubble)"),
    ("K", "keyboard"),
    ("O", "rotate the device"),
    ("1–9", "load preset N"), ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("Ctrl+Z / Ctrl+Shift+Z", "undo / redo"),
    ("Tab", "hide the panel"), ("D", "debug overlay"),
    ("L", "next lint warning's field (Enter types)"), ("G", "curve graph"), ("P", "pause"),
    (", / .", "step a frame (paused)"), ("- / =", "slower / faster"), ("T", "trails"),
    ("A", "pin A (compare)"),
    ("V / X", "side by side / swap A and B"), ("E", "edit on the canvas"), ("R", "record a take"),
    ("F12", "screenshot"), ("Esc", "collapse / cancel"), ("? or H", "this help"), ("Q", "quit"),
  ]

  /// `text` shortened with "…" to fit `width` pixels at `size`, and its width.
  func fit(_ text: String, size: Double, width: Double) -> (String, Double) {
    let measure = window.measurer ?? { s, z in (Double(s.count) * z * 0.6, z) }
    var t = text
    var w = measure(t, size).0
    while w > width && t.count > 1 {
      t = String(t.dropLast(max(1, t.count / 12)))
      w = measure(t + "…", size).0
      if w <= width { return (t + "…", w) }
    }
    return (t, w)
  }

  func drawOverlays(into dl: inout DrawList, at t: Double) {
    let s = window.scale
    if take != nil {
      dl.fillCircle(cx: layout.canvas.x + 22 * s, cy: 22 * s, r: 7 * s, RGBA(0xFF, 0x3B, 0x30))
      dl.text(
        "REC", x: layout.canvas.x + 34 * s, y: 14 * s, size: 13 * s, color: RGBA(0xFF, 0x3B, 0x30))
    }
    if timeline.speed != 1 || timeline.paused {
      let text = (timeline.paused ? "❚❚ paused  " : "") + String(format: "%g×", timeline.speed)
      dl.text(
        text, x: layout.canvas.x + layout.canvas.w - 16 * s, y: 14 * s, size: 14 * s,
        color: RGBA(0xFF, 0xD6, 0x0A), align: .right)
    }
    if let m = message {
      let (text, tw) = fit(m.text, size: 13 * s, width: layout.canvas.w - 72 * s)
      let w = tw + 32 * s
      let x = layout.canvas.x + (layout.canvas.w - w) / 2
      dl.fillRoundedRect(
        PixelRect(x: x, y: 44 * s, w: w, h: 30 * s), radius: 8 * s, RGBA(0x3A, 0x3A, 0x3C, 0xF0))
      dl.text(
        text, x: x + w / 2, y: 50 * s, size: 13 * s, color: RGBA(255, 255, 255), align: .center)
    }
    if showHelp {
      let w = 460 * s
      let h = Double(App.helpLines.count) * 24 * s + 70 * s
      let x = layout.canvas.x + (layout.canvas.w - w) / 2
      let y = max(8 * s, (layout.canvas.h - h) / 2)
      dl.fillRoundedRect(
        PixelRect(x: x, y: y, w: w, h: h), radius: 14 * s, RGBA(0x1C, 0x1C, 0x1E, 0xF2))
      dl.text("Hot keys", x: x + 24 * s, y: y + 18 * s, size: 18 * s, color: RGBA(255, 255, 255))
      for (i, (k, v)) in App.helpLines.enumerated() {
        let ly = y + 56 * s + Double(i) * 24 * s
        dl.text(k, x: x + 24 * s, y: ly, size: 14 * s, color: RGBA(0x64, 0xD2, 0xFF))
        dl.text(v, x: x + 220 * s, y: ly, size: 14 * s, color: RGBA(0xE5, 0xE5, 0xEA))
      }
    }
  }
}
