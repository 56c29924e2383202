import Foundation
import SpringLabCore
import SpringLabUI

extension App {
  static let helpLines: [(String, String)] = [
    ("Space", "toggle the fan"), ("B", "bubble menu"), ("K", "keyboard"), ("O", "rotate the device"),
    ("1–9", "load preset N"), ("Ctrl+S / Ctrl+Shift+S", "save / save as"), ("Tab", "hide the panel"),
    ("D", "debug overlay"), ("Esc", "collapse / cancel"), ("? or H", "this help"), ("Q", "quit"),
  ]

  func drawPanel(in r: PixelRect, into dl: inout DrawList, at t: Double) {
    ReadoutPanel.draw(scene, in: r, scale: window.scale, t: t, into: &dl)
  }

  func drawOverlays(into dl: inout DrawList, at t: Double) {
    let s = window.scale
    if let m = message {
      let w = min(layout.canvas.w - 40 * s, Double(m.text.count) * 7.5 * s + 32 * s)
      let x = layout.canvas.x + (layout.canvas.w - w) / 2
      dl.fillRoundedRect(PixelRect(x: x, y: 14 * s, w: w, h: 30 * s), radius: 8 * s, RGBA(0x3A, 0x3A, 0x3C, 0xF0))
      dl.text(m.text, x: x + w / 2, y: 20 * s, size: 13 * s, color: RGBA(255, 255, 255), align: .center)
    }
    if showHelp {
      let w = 420 * s
      let h = Double(App.helpLines.count) * 26 * s + 70 * s
      let x = layout.canvas.x + (layout.canvas.w - w) / 2
      let y = (layout.canvas.h - h) / 2
      dl.fillRoundedRect(PixelRect(x: x, y: y, w: w, h: h), radius: 14 * s, RGBA(0x1C, 0x1C, 0x1E, 0xF2))
      dl.text("Hot keys", x: x + 24 * s, y: y + 18 * s, size: 18 * s, color: RGBA(255, 255, 255))
      for (i, (k, v)) in App.helpLines.enumerated() {
        let ly = y + 56 * s + Double(i) * 26 * s
        dl.text(k, x: x + 24 * s, y: ly, size: 14 * s, color: RGBA(0x64, 0xD2, 0xFF))
        dl.text(v, x: x + 200 * s, y: ly, size: 14 * s, color: RGBA(0xE5, 0xE5, 0xEA))
      }
    }
  }
}
