import Foundation
import Testing

@testable import SpringLabCore

@Suite("Layout")
struct LayoutTests {
  static let allDevices: [Device] = Device.models.flatMap {
    [Device.named($0.model), Device.named($0.model, landscape: true)]
  }

  @Test func devicesMatchSpecSection2() {
    let se = Device.named(.iphoneSE)
    #expect(
      se.width == 375 && se.height == 667
        && se.safe == Insets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(Device.named(.iphoneSE, landscape: true).safe == Insets())
    let i15 = Device.named(.iphone15, landscape: true)
    #expect(i15.width == 852 && i15.height == 393)
    #expect(i15.safe == Insets(top: 0, left: 59, bottom: 21, right: 59))
    #expect(
      Device.named(.ipadSplit, landscape: true).safe
        == Insets(top: 0, left: 24, bottom: 21, right: 24))
    #expect(
      Device.named(.iphone15ProMax).keyboard == 346 && Device.named(.ipadSplit).keyboard == 313)
    #expect(Device.named(.iphone15ProMax, landscape: true).keyboard == 209)
  }

  @Test func mainButtonDefaultPosition() {
    let fan = FanPreset()
    #expect(FanLayout.mainCenter(fan, device: .iPhone15) == Point(323, 738))
    #expect(
      FanLayout.mainCenter(fan, device: Device.named(.iphone15, landscape: true))
        == Point(852 - 59 - 70, 393 - 21 - 80))
    #expect(FanLayout.mainCenter(fan, device: .iPhoneSE) == Point(305, 587))
  }

  @Test func inclusiveArcOfSeed000HandComputed() {
    let fan = shipped("seed-000-fan.json").fan
    let main = FanLayout.mainCenter(fan, device: .iPhone15)
    let want = [
      Point(204.82307, 758.837781), Point(208.553966, 701.915304), Point(238.147186, 653.147186),
      Point(286.915304, 623.553966), Point(343.837781, 619.82307),
    ]
    let got = FanLayout.offsets(fan, device: .iPhone15).map { main + $0 }
    #expect(got.count == 5)
    for (g, w) in zip(got, want) { #expect(near(g, w, 1e-5), "\(g) vs \(w)") }
    // five items 57 pt apart
    for i in 0..<4 { #expect(near(got[i].distance(to: got[i + 1]), 57.0446, 1e-3)) }
    #expect(
      FanLayout.arcAngles(count: 5, start: 170, end: 280, inset: false) == [
        170, 197.5, 225, 252.5, 280,
      ])
  }

  @Test func insetArcHandComputed() {
    var fan = shipped("seed-000-fan.json").fan
    fan.spacing = .inset
    let main = FanLayout.mainCenter(fan, device: .iPhone15)
    let want = [
      Point(204.267003, 720.608177), Point(215.764083, 684.144098), Point(238.147186, 653.147186),
      Point(269.144098, 630.764083), Point(305.608177, 619.267003),
    ]
    let got = FanLayout.offsets(fan, device: .iPhone15).map { main + $0 }
    for (g, w) in zip(got, want) { #expect(near(g, w, 1e-5), "\(g) vs \(w)") }
    let a = FanLayout.arcAngles(count: 3, start: 180, end: 360, inset: true)
    for (g, w) in zip(a, [225.0, 270, 315]) { #expect(near(g, w, 1e-12)) }
  }

  @Test func oneItemSitsInTheMiddleOfTheArc() {
    #expect(FanLayout.arcAngles(count: 1, start: 180, end: 360, inset: false) == [270])
    #expect(FanLayout.arcAngles(count: 1, start: 180, end: 360, inset: true) == [270])
    #expect(FanLayout.arcAngles(count: 0, start: 180, end: 360, inset: true) == [])
  }

  @Test func ringIsEvenlySpaced() {
    let p = shipped("seed-004-ring.json")
    let offs = FanLayout.offsets(p.fan, device: Device.named(p.device))
    #expect(offs.count == 6)
    let want = [-90.0, -30, 30, 90, 150, 210].map {
      Point(100 * cos($0 * .pi / 180), 100 * sin($0 * .pi / 180))
    }
    for (g, w) in zip(offs, want) { #expect(near(g, w, 1e-9)) }
    #expect(near(offs[0], Point(0, -100), 1e-12), "the first item straight up")
    for n in 1...12 {
      var f = FanPreset()
      f.layout = .ring
      f.count = n
      f.startAngle = 0
      let o = FanLayout.offsets(f, device: .iPhone15)
      for i in 0..<n {
        #expect(near(o[i].length, 120, 1e-9))
        let a = atan2(o[i].y, o[i].x) * 180 / .pi
        let want = 360 * Double(i) / Double(n)
        #expect(
          near((a - want + 720).truncatingRemainder(dividingBy: 360), 0, 1e-9)
            || near((a - want + 720).truncatingRemainder(dividingBy: 360), 360, 1e-9))
      }
    }
  }

  @Test func customOffsetsOfSeed003() {
    let p = shipped("seed-003-sequential.json")
    let d = Device.named(p.device)
    let main = FanLayout.mainCenter(p.fan, device: d)
    let got = FanLayout.offsets(p.fan, device: d)
    #expect(got == [Point(-100, 0), Point(-50, -50), Point(0, -100)])
    #expect(main == Point(323, 738))
    // more items than offsets: the rest fall back to the arc
    var f = p.fan
    f.count = 5
    let more = FanLayout.offsets(f, device: d)
    #expect(Array(more.prefix(3)) == [Point(-100, 0), Point(-50, -50), Point(0, -100)])
    let arc = FanLayout.arcAngles(count: 5, start: f.startAngle, end: f.endAngle, inset: false)
    #expect(
      near(more[4], Point(120 * cos(arc[4] * .pi / 180), 120 * sin(arc[4] * .pi / 180)), 1e-9))
  }

  /// Where the main button sits for the auto-arc checks.
  enum Spot: String, CaseIterable { case bottomCentre, bottomRight, middle }

  static func fan(_ spot: Spot, device d: Device, count: Int, spacing: FanSpacing) -> FanPreset {
    var f = FanPreset()
    f.layout = .auto
    f.count = count
    f.spacing = spacing
    let s = d.safe
    switch spot {
    case .bottomCentre:
      f.mainRight = d.width / 2 - s.right
      f.mainBottom = 60
    case .bottomRight:
      f.mainRight = 70
      f.mainBottom = 80
    case .middle:
      f.mainRight = d.width / 2 - s.right
      f.mainBottom = d.height / 2 - s.bottom
    }
    return f
  }

  struct AutoCase: CustomTestStringConvertible, Sendable {
    var spot: Spot
    var device: Device
    var spacing: FanSpacing
    var testDescription: String { "\(spot) \(device.id) \(device.orientationName) \(spacing)" }
  }

  static let autoCases: [AutoCase] = Spot.allCases.flatMap { spot in
    allDevices.flatMap { d in
      FanSpacing.allCases.map { AutoCase(spot: spot, device: d, spacing: $0) }
    }
  }

  @Test("auto-arc: inside the safe area, no overlaps", arguments: autoCases)
  func autoArcStaysInsideAndApart(_ c: AutoCase) {
    for n in 1...6 {
      let f = Self.fan(c.spot, device: c.device, count: n, spacing: c.spacing)
      let main = FanLayout.mainCenter(f, device: c.device)
      let centres = FanLayout.offsets(f, device: c.device).map { main + $0 }
      #expect(centres.count == n)
      let s = c.device.safe
      let half = f.itemSize / 2
      for (i, p) in centres.enumerated() {
        #expect(near(p.distance(to: main), f.radius, 1e-9))
        let inside =
          p.x - half >= s.left - 1e-9 && p.x + half <= c.device.width - s.right + 1e-9
          && p.y - half >= s.top - 1e-9
          && p.y + half <= c.device.height - s.bottom + 1e-9
        #expect(inside, "\(n) items: item \(i) at \(p) leaves the safe area")
      }
      for i in 0..<n {
        for j in (i + 1)..<max(i + 1, n) {
          #expect(
            centres[i].distance(to: centres[j]) >= f.itemSize - 1e-9,
            "\(n) items: \(i) and \(j) overlap (\(centres[i].distance(to: centres[j])) pt)")
        }
      }
      // and lint agrees
      var p = Preset()
      p.fan = f
      p.device = c.device.model
      p.orientation = c.device.orientation
      let geo = Lint.check(p).filter {
        $0.message.contains("outside the safe area") || $0.message.contains("overlap")
      }
      #expect(geo.isEmpty, "\(geo)")
    }
  }

  @Test func autoArcAtTheBottomCentrePointsUp() {
    let d = Device.iPhone15
    let f = Self.fan(.bottomCentre, device: d, count: 5, spacing: .inclusive)
    let main = FanLayout.mainCenter(f, device: d)
    let centres = FanLayout.offsets(f, device: d).map { main + $0 }
    #expect(centres.allSatisfy { $0.y < main.y })
    // symmetric about the vertical through the button (within the 2° search step)
    let meanX = centres.map(\.x).reduce(0, +) / Double(centres.count)
    #expect(abs(meanX - main.x) < 120 * sin(2 * Double.pi / 180) + 1e-9)
  }

  @Test func autoArcAtTheBottomRightTurnsToTheUpperLeft() {
    let d = Device.iPhone15
    let f = Self.fan(.bottomRight, device: d, count: 5, spacing: .inclusive)
    let main = FanLayout.mainCenter(f, device: d)
    let centres = FanLayout.offsets(f, device: d).map { main + $0 }
    let mean = Point(centres.map(\.x).reduce(0, +) / 5, centres.map(\.y).reduce(0, +) / 5)
    #expect(mean.x < main.x && mean.y < main.y)
  }
}
