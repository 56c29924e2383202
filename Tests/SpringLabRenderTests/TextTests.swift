import Foundation
import SpringLabUI
import Testing

@testable import SpringLabRender

extension RenderTests {
  @Suite struct TextTests {
    let font: String? = FontLocator.locate()

    func requireFont() throws -> String { try #require(font) }

    @Test func fontIsFoundOnThisMachine() {
      #expect(font != nil)
    }

    @Test func fontOverrideWinsAndWrongOverrideIsNil() throws {
      let f = try #require(font)
      #expect(FontLocator.locate(environment: ["SPRINGLAB_FONT": f]) == f)
      #expect(FontLocator.locate(environment: ["SPRINGLAB_FONT": "/nope/missing.ttf"]) == nil)
      // without fontconfig the fallback list still finds DejaVu here
      #expect(FontLocator.locate(environment: [:], useFontconfig: false) != nil)
    }

    @Test func textRendersPixelsAndIsRasterisedOnce() throws {
      let canvas = try SoftwareCanvas(width: 160, height: 48, fontPath: try requireFont())
      let cache = try #require(canvas.textCache)
      var list = DrawList()
      list.clearColor = RGBA(0, 0, 0)
      list.text("Hello, SpringLab", x: 4, y: 8, size: 20, color: RGBA(255, 255, 255))
      canvas.draw(list)
      let px = canvas.pixels()
      var lit = 0
      var partial = 0
      for i in stride(from: 0, to: px.count, by: 4) where px[i + 2] > 0 {
        lit += 1
        if px[i + 2] < 250 { partial += 1 }
      }
      #expect(lit > 100)
      #expect(partial > 10, "text should be anti-aliased")
      for _ in 0..<5 { canvas.draw(list) }
      #expect(cache.rasterizations == 1)
      #expect(cache.count == 1)
      // a different colour reuses the run's coverage mask; a different size does not
      var other = DrawList()
      other.clearColor = RGBA(0, 0, 0)
      other.text("Hello, SpringLab", x: 4, y: 8, size: 20, color: RGBA(255, 0, 0))
      other.text("Hello, SpringLab", x: 4, y: 8, size: 14, color: RGBA(255, 255, 255))
      canvas.draw(other)
      canvas.draw(other)
      #expect(cache.rasterizations == 2)
      // the red run is red: some pixel has red and no green
      let red = canvas.pixels()
      #expect(
        stride(from: 0, to: red.count, by: 4).contains { red[$0 + 2] > 200 && red[$0 + 1] < 40 })
    }

    @Test func alignmentPlacesTextAroundAnchor() throws {
      let canvas = try SoftwareCanvas(width: 200, height: 30, fontPath: try requireFont())
      func litColumns(_ align: TextAlign) -> (Int, Int) {
        var list = DrawList()
        list.clearColor = RGBA(0, 0, 0)
        list.text("MMMM", x: 100, y: 2, size: 20, color: RGBA(255, 255, 255), align: align)
        canvas.draw(list)
        let px = canvas.pixels()
        var minX = Int.max
        var maxX = Int.min
        for y in 0..<30 {
          for x in 0..<200 where px[(y * 200 + x) * 4 + 2] > 0 {
            minX = min(minX, x)
            maxX = max(maxX, x)
          }
        }
        return (minX, maxX)
      }
      let left = litColumns(.left)
      let right = litColumns(.right)
      let center = litColumns(.center)
      #expect(left.0 >= 100 && left.0 < 104)
      #expect(right.1 <= 100 && right.1 > 96)
      #expect(center.0 < 100 && center.1 > 100)
    }

    @Test func measureIsCachedAndMonotonic() throws {
      let canvas = try SoftwareCanvas(width: 8, height: 8, fontPath: try requireFont())
      let cache = try #require(canvas.textCache)
      let measure: TextMeasurer = cache.measurer
      let (w1, h1) = measure("Hello", 20)
      let (w2, _) = measure("Hello world", 20)
      let (w3, _) = measure("Hello", 40)
      #expect(w1 > 20 && w1 < 100)
      #expect(h1 >= 18 && h1 <= 40)
      #expect(w2 > w1)
      #expect(w3 > w1 * 1.7)
      _ = measure("Hello", 20)
      #expect(cache.measurements == 3)
      #expect(measure("", 20).0 == 0)
    }

    @Test func lruEvictsAndStaysBounded() throws {
      let canvas = try SoftwareCanvas(
        width: 64, height: 16, fontPath: try requireFont(), textCacheCapacity: 3)
      let cache = try #require(canvas.textCache)
      func draw(_ s: String) {
        var list = DrawList()
        list.text(s, x: 0, y: 0, size: 12, color: RGBA(255, 255, 255))
        canvas.draw(list)
      }
      for s in ["a", "b", "c"] { draw(s) }
      draw("a")  // a is now most recent; b is least recent
      draw("d")  // evicts b
      #expect(cache.count == 3)
      #expect(cache.rasterizations == 4)
      draw("a")
      draw("c")
      #expect(cache.rasterizations == 4)
      draw("b")
      #expect(cache.rasterizations == 5)
      #expect(cache.count == 3)
    }
  }
}
