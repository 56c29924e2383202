import Foundation
import SpringLabCore
import SpringLabRender
import SpringLabUI
import Testing

/// The window draws the static layer (the device and its screen under the
/// controls) while idle, so the first frame of the next motion does not.
@Suite struct PreparedLayerTests {
  /// A scene at rest, then the same scene a few frames into the fan's bloom.
  static func frames(count: Int) -> [DrawList] {
    var scene = Scene(preset: .seedDefault)
    let view = ViewTransform(x: 40, y: 20, scale: 1)
    var out: [DrawList] = []
    func draw() {
      var dl = DrawList()
      SceneDrawer.draw(scene, view: view, into: &dl, icons: .builtin)
      out.append(dl)
    }
    draw()
    scene.send(.command(.toggleFan))
    for k in 1..<count {
      scene.advance(to: Double(k) / 60)
      draw()
    }
    return out
  }

  @Test func aPreparedLayerServesTheNextMotionFromItsFirstFrame() throws {
    let lists = Self.frames(count: 8)
    let rest = try #require(lists.first)
    let prefix = try #require(rest.staticPrefix, "the scene drawer marks its static prefix")
    #expect(prefix >= CairoRasterizer.minimumLayerCommands)
    #expect(prefix < rest.finished.count)
    let font = try #require(FontLocator.locate())
    let rasterizer = CairoRasterizer(textCache: try TextCache(fontPath: font))
    let buffer = try FrameBuffer(width: 480, height: 900)
    let full = try FrameBuffer(width: 480, height: 900)
    rasterizer.render(rest, into: buffer)
    #expect(rasterizer.prepareLayer(for: rest, like: buffer))
    #expect(rasterizer.layerBuilds == 1)
    // why: a second idle call finds the layer serving and draws nothing
    #expect(!rasterizer.prepareLayer(for: rest, like: buffer))
    for dl in lists.dropFirst() {
      rasterizer.render(dl, into: buffer)
      rasterizer.render(dl, into: full, incremental: false)
      var worst = 0
      buffer.withBytes { a in
        full.withBytes { b in
          for i in 0..<a.count where a[i] != b[i] { worst = max(worst, abs(Int(a[i]) - Int(b[i]))) }
        }
      }
      // why: as for any incremental frame, an edge pixel of a redrawn box may round one level apart
      #expect(worst <= 1)
    }
    #expect(rasterizer.layerBuilds == 1, "the motion never rebuilt the layer")
  }

  @Test func aListWithoutAMarkIsLeftToTheFrameByFrameLayer() throws {
    var dl = DrawList()
    for k in 0..<20 { dl.fillCircle(cx: Double(k * 10), cy: 20, r: 4, RGBA(200, 10, 10)) }
    #expect(dl.staticPrefix == nil)
    let rasterizer = CairoRasterizer(textCache: nil)
    let buffer = try FrameBuffer(width: 240, height: 60)
    rasterizer.render(dl, into: buffer)
    #expect(!rasterizer.prepareLayer(for: dl, like: buffer))
    #expect(rasterizer.layerBuilds == 0)
  }

  @Test func theFirstMarkWins() {
    var dl = DrawList()
    dl.fillCircle(cx: 1, cy: 1, r: 1, RGBA(1, 2, 3))
    dl.markStaticPrefix()
    dl.fillCircle(cx: 2, cy: 2, r: 1, RGBA(1, 2, 3))
    dl.markStaticPrefix()
    #expect(dl.staticPrefix == 1)
  }
}
