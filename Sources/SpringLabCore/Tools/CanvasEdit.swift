import Foundation

/// Editing the layout by dragging on the canvas (E): an item sets the radius
/// and, for the first or last item, the arc's start or end angle; the main
/// button moves. Pure: preset in, preset out.
public enum CanvasEdit {
  public static func dragItem(_ i: Int, to p: Point, preset: Preset, device: Device) -> Preset {
    var out = preset
    let main = FanLayout.mainCenter(preset.fan, device: device)
    let d = p - main
    let r = min(600, max(0, d.length))
    out.fan.radius = r.rounded()
    let angle = atan2(d.y, d.x) * 180 / .pi
    let n = preset.fan.count
    guard n > 1, preset.fan.layout == .arc || preset.fan.layout == .auto else { return out }
    // keep the angle on the same turn as the current one so the arc does not flip
    func near(_ a: Double, _ ref: Double) -> Double {
      var x = a
      while x - ref > 180 { x -= 360 }
      while ref - x > 180 { x += 360 }
      return (x * 10).rounded() / 10
    }
    if i == 0 {
      out.fan.startAngle = max(-720, min(720, near(angle, preset.fan.startAngle)))
    } else if i == n - 1 {
      out.fan.endAngle = max(-720, min(720, near(angle, preset.fan.endAngle)))
    }
    return out
  }

  public static func moveMain(to p: Point, preset: Preset, device: Device) -> Preset {
    var out = preset
    let s = device.safe
    out.fan.mainRight = max(0, min(2000, (device.width - s.right - p.x).rounded()))
    out.fan.mainBottom = max(0, min(2000, (device.height - s.bottom - p.y).rounded()))
    return out
  }
}
