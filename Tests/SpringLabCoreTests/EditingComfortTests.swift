import Foundation
import Testing

@testable import SpringLabCore

@Suite("Canvas editing, hot reload, dropped files")
struct EditingComfortTests {
  let device = Device.named(.iphone15)

  @Test func draggingTheFirstItemSetsRadiusAndStartAngle() {
    let p = Preset.seedDefault
    let main = FanLayout.mainCenter(p.fan, device: device)
    // 150 pt out at 180° (straight left of the button)
    let out = CanvasEdit.dragItem(0, to: main + Point(-150, 0), preset: p, device: device)
    #expect(out.fan.radius == 150)
    #expect(out.fan.startAngle == 180)
    #expect(out.fan.endAngle == p.fan.endAngle)
  }

  @Test func draggingTheLastItemSetsTheEndAngleOnTheSameTurn() {
    let p = Preset.seedDefault  // end angle 280°
    let main = FanLayout.mainCenter(p.fan, device: device)
    // straight up is −90° in atan2 terms, i.e. 270° near 280°
    let out = CanvasEdit.dragItem(4, to: main + Point(0, -100), preset: p, device: device)
    #expect(out.fan.endAngle == 270)
    #expect(out.fan.radius == 100)
  }

  @Test func draggingAMiddleItemOnlySetsTheRadius() {
    let p = Preset.seedDefault
    let main = FanLayout.mainCenter(p.fan, device: device)
    let out = CanvasEdit.dragItem(2, to: main + Point(-90, -90), preset: p, device: device)
    #expect(out.fan.radius == 127)
    #expect(out.fan.startAngle == p.fan.startAngle && out.fan.endAngle == p.fan.endAngle)
  }

  @Test func movingTheMainButtonSetsItsDistancesFromTheSafeEdges() {
    let p = Preset.seedDefault
    let out = CanvasEdit.moveMain(to: Point(200, 700), preset: p, device: device)
    #expect(out.fan.mainRight == 193)  // 393 − 0 − 200
    #expect(out.fan.mainBottom == 118)  // 852 − 34 − 700
    #expect(FanLayout.mainCenter(out.fan, device: device) == Point(200, 700))
    // the edited preset is still valid
    #expect(throws: Never.self) {
      try PresetReader.decode(Data(PresetWriter.text(out).utf8), file: "x")
    }
  }
}
