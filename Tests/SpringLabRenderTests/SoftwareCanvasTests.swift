import Foundation
import SpringLabPlatform
import SpringLabUI
import Testing

@testable import SpringLabRender

/// A fresh empty directory for one test's files.
func makeTempDir() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("springlab-sdl-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

// why: not serialized: each `TextCache` has its own FreeType library
// (FreeTypeTextTests runs caches on several threads on purpose) and every
// test draws into its own canvas; serialized, the suites' tests queued behind
// every other test and ended the run.
@Suite enum RenderTests {}

extension RenderTests {
  @Suite struct SoftwareCanvasTests {
    let black = RGBA(0, 0, 0)
    let red = RGBA(255, 0, 0)

    @Test func filledCircleCentreOutsideAndEdge() throws {
      let canvas = try SoftwareCanvas(width: 64, height: 64)
      var list = DrawList()
      list.clearColor = black
      // why: centre on a pixel centre so the radius-20 edge crosses pixel (52, 32)'s centre.
      list.fillCircle(cx: 32.5, cy: 32.5, r: 20, red)
      canvas.draw(list)
      #expect(canvas.rasterizer.lastErrors == 0)
      #expect(canvas.pixel(x: 32, y: 32) == red)
      #expect(canvas.pixel(x: 2, y: 2) == black)
      #expect(canvas.pixel(x: 60, y: 32) == black)
      let edge = canvas.pixel(x: 52, y: 32)
      #expect(edge.r > 30 && edge.r < 225, "edge pixel \(edge) should be partly covered")
      #expect(edge.g == 0 && edge.b == 0)
    }

    @Test func pixelsAreTightBGRA() throws {
      // why: an odd width would pad rows in a pitched surface; rows must come out tight.
      let canvas = try SoftwareCanvas(width: 13, height: 7)
      var list = DrawList()
      list.clearColor = RGBA(10, 20, 30)
      list.fillConvex([(0, 0), (13, 0), (13, 4), (0, 4)], RGBA(200, 100, 50))
      canvas.draw(list)
      let px = canvas.pixels()
      #expect(px.count == 13 * 7 * 4)
      // bottom-right pixel: clear colour as B, G, R, A
      let last = Array(px[(px.count - 4)...])
      #expect(last == [30, 20, 10, 255])
      // the middle pixel of row 2 is the rectangle colour
      let mid = (2 * 13 + 6) * 4
      #expect(Array(px[mid..<(mid + 4)]) == [50, 100, 200, 255])
    }

    @Test func clipRestrictsDrawingAndEmptyClipHidesAll() throws {
      let canvas = try SoftwareCanvas(width: 40, height: 20)
      var list = DrawList()
      list.clearColor = black
      list.clip(PixelRect(x: 0, y: 0, w: 20, h: 20))
      list.fillConvex([(0, 0), (40, 0), (40, 20), (0, 20)], red)
      list.clip(PixelRect(x: 0, y: 0, w: 0, h: 0))
      list.fillConvex([(0, 0), (40, 0), (40, 20), (0, 20)], RGBA(0, 255, 0))
      list.clip(nil)
      canvas.draw(list)
      #expect(canvas.pixel(x: 10, y: 10) == red)
      #expect(canvas.pixel(x: 30, y: 10) == black)
    }

    @Test func largeBatchesDrawWithoutErrors() throws {
      let canvas = try SoftwareCanvas(width: 320, height: 240)
      var list = DrawList()
      for i in 0..<3000 {
        list.fillCircle(
          cx: Double(i % 64) * 5, cy: Double(i / 64) * 5, r: 3, RGBA(UInt8(i % 256), 128, 64))
      }
      #expect(list.finished.count == 3000, "one command per circle")
      canvas.draw(list)
      canvas.draw(list)
      #expect(canvas.rasterizer.lastErrors == 0)
      #expect(canvas.pixel(x: 5, y: 5) == RGBA(65, 128, 64), "circle 65 at (5, 5)")
    }

    @Test func sizeChecksRefuseBeforeAllocating() {
      for (w, h) in [(0, 0), (100_000, 100_000), (-1, 10), (7681, 10), (10, 4321)] {
        #expect(throws: SDLBackendError.self) { try SoftwareCanvas(width: w, height: h) }
        do {
          _ = try SoftwareCanvas(width: w, height: h)
        } catch let e as SDLBackendError {
          guard case .invalidSize = e else {
            Issue.record("expected invalidSize for \(w)x\(h), got \(e)")
            continue
          }
        } catch {
          Issue.record("unexpected \(error)")
        }
      }
      #expect(throws: Never.self) { try SoftwareCanvas(width: 7680, height: 1) }
    }

    @Test func savePNGWritesReadableFileAtomically() throws {
      let dir = try makeTempDir()
      defer { try? FileManager.default.removeItem(at: dir) }
      let canvas = try SoftwareCanvas(width: 33, height: 21)
      var list = DrawList()
      list.fillCircle(cx: 16, cy: 10, r: 8, red)
      canvas.draw(list)
      let path = dir.appendingPathComponent("shot.png").path
      try canvas.savePNG(to: path)
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      let size = ImageProbe.size(atPath: path)
      #expect(size?.width == 33 && size?.height == 21)
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["shot.png"])
      // overwriting an existing file also works
      try canvas.savePNG(to: path)
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["shot.png"])
    }

    @Test func savePNGIntoMissingFolderThrowsAndLeavesNothing() throws {
      let canvas = try SoftwareCanvas(width: 8, height: 8)
      canvas.draw(DrawList())
      let path = "/nonexistent-springlab-\(UUID().uuidString)/x.png"
      do {
        try canvas.savePNG(to: path)
        Issue.record("saved into a missing folder")
      } catch let e as OutputError {
        #expect(e.description.hasPrefix(path + ": cannot write: the folder"), "\(e)")
      }
    }

    @Test func headlessNeedsNoDisplay() throws {
      // why: the canvas must work on CI without X; check the environment really is display-less
      // here, or at least that the canvas does not care.
      let env = ProcessInfo.processInfo.environment
      if env["DISPLAY"] == nil && env["WAYLAND_DISPLAY"] == nil {
        let canvas = try SoftwareCanvas(width: 16, height: 16, fontPath: FontLocator.locate())
        var list = DrawList()
        list.text("x", x: 0, y: 0, size: 12, color: red)
        canvas.draw(list)
        #expect(canvas.rasterizer.lastErrors == 0)
      }
    }
  }
}
