import Foundation
import SpringLabCore

/// A read-only panel for rendered videos: the preset's name, the card's four
/// parameters and the live phases, so a review video says what it shows.
public enum ReadoutPanel {
  public static func draw(
    _ scene: Scene, in r: PixelRect, scale s: Double, t: Double, into dl: inout DrawList
  ) {
    dl.fillConvex(
      [(r.x, r.y), (r.x + r.w, r.y), (r.x + r.w, r.y + r.h), (r.x, r.y + r.h)],
      RGBA(0x26, 0x27, 0x2D))
    let p = scene.preset
    var y = r.y + 20 * s
    let x = r.x + 20 * s
    dl.text("SpringLab", x: x, y: y, size: 20 * s, color: RGBA(255, 255, 255))
    y += 30 * s
    dl.text(p.name, x: x, y: y, size: 14 * s, color: RGBA(0xC7, 0xC7, 0xCC))
    y += 34 * s
    let rows: [(String, String)] = [
      ("Expand duration", String(format: "%.3f s", p.fan.expand.duration)),
      ("Damping", String(format: "%.2f", p.fan.expand.damping)),
      ("Velocity", String(format: "%.2f", p.fan.expand.velocity)),
      ("Stagger", String(format: "%.3f s", p.fan.expand.stagger)),
      ("Radius", String(format: "%.0f pt", p.fan.radius)),
      ("Arc", String(format: "%.0f° … %.0f°", p.fan.startAngle, p.fan.endAngle)),
      (
        "Collapse",
        String(format: "%.3f s, %@", p.fan.collapse.duration, p.fan.collapse.curve.rawValue)
      ),
      (
        "Bubble snap",
        String(format: "%.2f s, ζ %.2f", p.bubble.snap.duration, p.bubble.snap.damping)
      ),
      ("Device", "\(scene.device.name) \(scene.device.orientationName)"),
    ]
    for (k, v) in rows {
      dl.text(k, x: x, y: y, size: 13 * s, color: RGBA(0x8E, 0x8E, 0x93))
      dl.text(
        v, x: r.x + r.w - 20 * s, y: y, size: 13 * s, color: RGBA(255, 255, 255), align: .right)
      y += 24 * s
    }
    y += 16 * s
    dl.text(
      String(format: "t = %.3f s", t), x: x, y: y, size: 13 * s, color: RGBA(0x64, 0xD2, 0xFF))
    y += 24 * s
    dl.text(
      "fan: \(scene.fan.phase(at: t).rawValue)", x: x, y: y, size: 13 * s,
      color: RGBA(255, 255, 255))
    y += 22 * s
    dl.text(
      "bubble: \(scene.bubble.phase.rawValue)", x: x, y: y, size: 13 * s, color: RGBA(255, 255, 255)
    )
  }
}
