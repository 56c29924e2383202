import Foundation
import SpringLabCommands
import SpringLabCore
import SpringLabPlatform
import SpringLabRender
import SpringLabUI

// why: the icon-file figures are a concern of their own beside the demo's
extension BenchRender {
  static let iconNames: [(String, String)] = [
    ("render.icons.builtin12at3x.msPerFrame", "ms"), ("render.icons.svg12at3x.msPerFrame", "ms"),
    ("render.icons.svgOverBuiltin", "×"), ("render.icons.svg12at3x.rasters", "rasters"),
  ]

  /// Twelve fan items at 3× (iPhone 15 portrait, 1180×2556), blooming over
  /// 60 frames, drawn incrementally as the window does: with the built-in
  /// icons, then each with one of the shipped SVG files (4 distinct), in
  /// turns so both see the same machine load. The SVGs are rasterised once
  /// per file and size, so they should cost what the built-in strokes cost.
  static func icons(_ o: BenchOptions) -> [BenchResult] {
    guard let folder = Bench.presetsFolder() else {
      return iconNames.map { .skipped($0.0, unit: $0.1, "skipped: presets/ not found") }
    }
    let names = ["compose", "camera", "location", "spark"]
    var svg = Preset()
    svg.fan.count = 12
    svg.fan.layout = .ring
    svg.fan.items = (0..<12).map { ItemLook(icon: "icons/\(names[$0 % 4]).svg") }
    var builtin = svg
    builtin.fan.items = []
    var rasters = 0
    func bloom(_ p: Preset) -> Double {
      let r = CairoRasterizer(textCache: nil)
      guard let fb = try? FrameBuffer(width: 1180, height: 2556) else { return .nan }
      var scene = Scene(preset: p)
      scene.send(.command(.toggleFan))
      var options = SceneDrawOptions()
      options.assetFolder = folder
      let layout = FrameLayout(width: 1180, height: 2556, scale: 3, panel: false)
      let ns = Bench.median(runs: 1, per: 60) {
        for k in 0..<60 {
          scene.advance(to: Double(k) / 60)
          var dl = DrawList()
          _ = FrameComposer.canvas(
            scene, layout: layout, scale: 3, icons: IconSet.builtin, options: options, into: &dl)
          r.render(dl, into: fb, incremental: true)
        }
      }
      rasters = r.iconRasterizations
      return ns / 1e6
    }
    _ = bloom(builtin)  // warm up fonts, caches and the allocator
    var b: [Double] = []
    var v: [Double] = []
    for _ in 0..<o.slowRuns {
      b.append(bloom(builtin))
      v.append(bloom(svg))
    }
    let (mb, mv) = (Bench.middle(b), Bench.middle(v))
    let note = "median of \(o.slowRuns) blooms of 60 frames each, in turns"
    return [
      BenchResult(name: iconNames[0].0, value: mb, unit: "ms", note: note),
      BenchResult(name: iconNames[1].0, value: mv, unit: "ms", note: note),
      BenchResult(name: iconNames[2].0, value: mv / mb, unit: "×", note: "goal ≤ 1.10"),
      BenchResult(
        name: iconNames[3].0, value: Double(rasters), unit: "rasters",
        note: "per bloom, 4 distinct files: none per frame"),
    ]
  }

  static func all(_ o: BenchOptions) -> [BenchResult] {
    guard let font = FontLocator.locate() else {
      let why = "skipped: no font (install fonts-dejavu-core or set SPRINGLAB_FONT)"
      return (renderNames + exportNames).map { .skipped($0.0, unit: $0.1, why) }
    }
    var out: [BenchResult] = []
    if o.wants("render") {
      out += render(font: font, o)
      out += text(font: font, o)
      out += icons(o)
    }
    if o.wants("export") { out += export(font: font, o) }
    return out
  }
}
