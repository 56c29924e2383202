import Foundation
import SpringLabCore

extension SoakSimulation {
  static let seed: UInt64 = 99

  static func run(_ argv: [String]) -> Int32 {
    guard argv.count == 2, let seconds = Double(argv[1]), seconds > 0,
      var p = try? PresetReader.load(path: argv[0])
    else {
      SaveLoop.fail("usage: springlab-test-support soak-sim PRESET SECONDS")
      return 2
    }
    p.bubble.floatingCount = 24
    var s = Scene(preset: p)
    var rng = SplitMix(seed: seed)
    // why: one warm-up minute so lazily built caches are in the "before" figure
    for k in 1...3600 { s.advance(to: Double(k) / 60) }
    let before = residentKiB()
    for k in 3601...(3600 + Int(seconds * 60)) {
      let t = Double(k) / 60
      s.advance(to: t)
      guard k % 120 == 0 else { continue }
      let pt = Point(
        Double.random(in: 0...s.device.width, using: &rng),
        Double.random(in: 0...s.device.height, using: &rng))
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        s.send(.pointerDown(s.mainCenter))
        s.send(.pointerUp(s.mainCenter))
      case 1:
        s.send(.pointerDown(s.bubble.center(at: t)))
        s.send(.pointerMove(pt))
        s.send(.pointerUp(pt))
      case 2: s.send(.command(.rotate))
      case 3: s.send(.command(.toggleKeyboard))
      case 4:
        s.send(.pointerDown(pt))
        s.send(.pointerUp(pt))
      default: s.send(.command(.escape))
      }
    }
    let finite = s.floating.bodies.allSatisfy {
      $0.x.isFinite && $0.y.isFinite && $0.vx.isFinite && $0.vy.isFinite
    }
    print(
      "seed=\(seed) before_kib=\(before) after_kib=\(residentKiB()) bodies=\(s.floating.bodies.count) finite=\(finite)"
    )
    return 0
  }
}
