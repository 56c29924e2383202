import Foundation

/// A handle of the canvas editor (E) on an arc layout.
public enum CanvasHandleKind: Sendable, Equatable, CaseIterable {
  /// On the arc, halfway between its ends: sets the radius.
  case radius
  /// Just outside the arc at its start / end: sets that angle.
  case startAngle, endAngle
}

/// One handle: where it is (device points) and what it reads.
public struct CanvasHandle: Sendable, Equatable {
  public var kind: CanvasHandleKind
  public var point: Point
  /// The value it sets, formatted ("120 pt", "170°").
  public var readout: String
}

extension CanvasEdit {
  /// Angle handles snap to multiples of this many degrees unless dragged free (Shift).
  public static let angleSnap = 5.0
  /// How far outside the arc the angle handles sit, points.
  public static let angleHandleOffset = 28.0

  /// The arc editor's handles; empty unless the layout is an arc (`arc` or `auto`).
  public static func handles(_ preset: Preset, device: Device) -> [CanvasHandle] {
    let f = preset.fan
    guard f.layout == .arc || f.layout == .auto else { return [] }
    let main = FanLayout.mainCenter(f, device: device)
    func at(_ deg: Double, _ dist: Double) -> Point {
      let a = deg * .pi / 180
      return Point(main.x + cos(a) * dist, main.y + sin(a) * dist)
    }
    return [
      CanvasHandle(
        kind: .radius, point: at((f.startAngle + f.endAngle) / 2, f.radius),
        readout: "\(number(f.radius)) pt"),
      CanvasHandle(
        kind: .startAngle, point: at(f.startAngle, f.radius + angleHandleOffset),
        readout: "\(number(f.startAngle))°"),
      CanvasHandle(
        kind: .endAngle, point: at(f.endAngle, f.radius + angleHandleOffset),
        readout: "\(number(f.endAngle))°"),
    ]
  }

  /// The arc the items rest on, from the start to the end angle, device points.
  public static func arcGuide(_ preset: Preset, device: Device, segments: Int = 64) -> [Point] {
    let f = preset.fan
    let main = FanLayout.mainCenter(f, device: device)
    return (0...segments).map { k in
      let a =
        (f.startAngle + (f.endAngle - f.startAngle) * Double(k) / Double(segments)) * .pi / 180
      return Point(main.x + cos(a) * f.radius, main.y + sin(a) * f.radius)
    }
  }

  /// Drags a handle to `p`: the radius (whole points) or one angle, on the
  /// same turn as before, snapped to 5° unless `free` (then to 0.1°).
  public static func drag(
    _ kind: CanvasHandleKind, to p: Point, preset: Preset, device: Device, free: Bool
  ) -> Preset {
    var out = preset
    let main = FanLayout.mainCenter(preset.fan, device: device)
    let d = p - main
    switch kind {
    case .radius:
      out.fan.radius = min(600, max(0, d.length)).rounded()
    case .startAngle, .endAngle:
      let ref = kind == .startAngle ? preset.fan.startAngle : preset.fan.endAngle
      var a = atan2(d.y, d.x) * 180 / .pi
      // why: stay on the current turn so the arc never flips through 360°
      while a - ref > 180 { a -= 360 }
      while ref - a > 180 { a += 360 }
      a = free ? (a * 10).rounded() / 10 : (a / angleSnap).rounded() * angleSnap
      a = max(-720, min(720, a))
      if kind == .startAngle { out.fan.startAngle = a } else { out.fan.endAngle = a }
    }
    return out
  }

  static func number(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v)
  }
}
