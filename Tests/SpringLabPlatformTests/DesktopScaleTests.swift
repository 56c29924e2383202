import Foundation
import SpringLabPlatform
import Testing

/// The UI scale on X11: read from Xft.dpi, given with --ui-scale, remembered.
@Suite("Desktop scale (X11 HiDPI)")
struct DesktopScaleTests {
  @Test func xftDPIIsReadFromXrdbLinesAndFromXpropsProperty() {
    // as `xrdb -query` prints resources
    #expect(
      DesktopScale.xftDPI(inResources: "Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n") == 192
    )
    // as `xprop -root RESOURCE_MANAGER` prints the property: one string with escapes
    #expect(
      DesktopScale.xftDPI(
        inResources:
          #"RESOURCE_MANAGER(STRING) = "Xcursor.size:\t24\nXft.dpi:\t144\nXft.rgba:\trgb\n""#
      ) == 144)
    #expect(DesktopScale.xftDPI(inResources: "Xft.dpi: 120") == 120)
    #expect(DesktopScale.xftDPI(inResources: "Xft.dpi:\t96.5\n") == 96.5)
    // absent, another resource that starts alike, not a number, out of range
    #expect(DesktopScale.xftDPI(inResources: "RESOURCE_MANAGER:  not found.\n") == nil)
    #expect(DesktopScale.xftDPI(inResources: "Xft.dpiX:\t192\n") == nil)
    #expect(DesktopScale.xftDPI(inResources: "Xft.dpi:\tlarge\n") == nil)
    #expect(DesktopScale.xftDPI(inResources: "Xft.dpi:\t100000\n") == nil)
    #expect(DesktopScale.xftDPI(inResources: "") == nil)
  }

  @Test func theScaleIsTheDPIOver96InQuarterSteps() {
    #expect(DesktopScale.scale(forDPI: 96) == 1)
    #expect(DesktopScale.scale(forDPI: 72) == 1, "never shrinks below the desktop's 1×")
    #expect(DesktopScale.scale(forDPI: 120) == 1.25)
    #expect(DesktopScale.scale(forDPI: 144) == 1.5)
    #expect(DesktopScale.scale(forDPI: 192) == 2)
    #expect(DesktopScale.scale(forDPI: 200) == 2)
    #expect(DesktopScale.scale(forDPI: 288) == 3)
    #expect(DesktopScale.scale(forDPI: 960) == 4, "at most 4×")
    #expect(DesktopScale.scale(forDPI: .nan) == 1)
  }

  @Test func theFlagWinsThenTheRememberedScaleThenTheDesktop() {
    var asked = 0
    let dpi: () -> Double? = {
      asked += 1
      return 192
    }
    #expect(DesktopScale.resolve(request: .fixed(1.5), remembered: 3, dpi: dpi) == 1.5)
    #expect(DesktopScale.resolve(request: nil, remembered: 3, dpi: dpi) == 3)
    #expect(asked == 0, "the desktop is not asked when the scale is known")
    #expect(DesktopScale.resolve(request: nil, remembered: nil, dpi: dpi) == 2)
    #expect(DesktopScale.resolve(request: .auto, remembered: 3, dpi: dpi) == 2, "auto forgets")
    #expect(DesktopScale.resolve(request: nil, remembered: nil, dpi: { nil }) == 1)
    #expect(DesktopScale.request("2") == .fixed(2))
    #expect(DesktopScale.request("auto") == .auto)
    for bad in ["0", "9", "two", "", "nan", "-1"] { #expect(DesktopScale.request(bad) == nil) }
  }

  @Test func theUIScaleIsRemembered() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scale-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    var s = RememberedState()
    s.uiScale = 1.5
    try s.save(folder: dir.path)
    #expect(RememberedState.load(folder: dir.path).state.uiScale == 1.5)
    s.uiScale = nil
    try s.save(folder: dir.path)
    #expect(RememberedState.load(folder: dir.path).state.uiScale == nil)
    // a scale out of range in the file is ignored, not used
    try #"{"panelVisible": true, "uiScale": 40}"#.write(
      toFile: dir.path + "/state.json", atomically: true, encoding: .utf8)
    #expect(RememberedState.load(folder: dir.path).state.uiScale == nil)
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xprop")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"),
      "needs xprop (x11-utils) and Xvfb"))
  func noDisplayMeansNoDPI() {
    #expect(DesktopScale.xftDPI(environment: [:]) == nil)
    #expect(DesktopScale.xftDPI(environment: ["DISPLAY": ":999999"]) == nil)
  }
}
