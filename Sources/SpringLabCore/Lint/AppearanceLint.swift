import Foundation

/// Lint's rules about the look (schema 4's fields): contrast of what the
/// preset colours (WCAG 2.2), hit targets for Apple and Material, labels at
/// the open state, and icons that cannot tell items apart.
///
/// Only colours a preset sets are checked: the built-in look (white icons
/// on iOS's system colours) is what SpringLab has always drawn, and some of
/// it is below 3:1 (white on orange is 2.2:1), as in iOS itself.
extension Lint {
  static func appearance(_ p: Preset, device: Device) -> [LintWarning] {
    var out: [LintWarning] = []
    func warn(_ fields: [FieldID], _ message: String, _ source: String, items: [Int] = []) {
      out.append(
        LintWarning(ids: fields, message: message, source: source, items: items))
    }
    let f = p.fan
    let n = f.count
    let wcag = "WCAG 2.2 §1.4.11 (non-text contrast)"
    let backdrop = openBackdrop(f)
    // why: a translucent fill shows the backdrop through it; contrast is
    // measured on what the screen shows
    var lowTint: [(Int, Double)] = []
    var lowFill: [(Int, Double)] = []
    for i in 0..<n {
      let look = f.look(i)
      guard look.fill != nil || look.tint != nil else { continue }
      let fill = f.fill(i).over(backdrop)
      let tint = f.tint(i).over(fill).contrast(with: fill)
      // why: an icon file drawn in its own colours (`tintIcon: false`) does
      // not show the tint; lint cannot read the file's colours, so says nothing
      let tinted = look.tintIcon || !IconRef.isPath(f.icon(i))
      if tinted && tint < nonTextContrast { lowTint.append((i, tint)) }
      if look.fill != nil {
        let c = fill.contrast(with: backdrop)
        if c < nonTextContrast { lowFill.append((i, c)) }
      }
    }
    func list(_ xs: [(Int, Double)]) -> String {
      xs.map { "\(FieldID.fanItems.path)[\($0.0)] \(ratioText($0.1))" }.joined(separator: ", ")
    }
    if !lowTint.isEmpty {
      warn(
        [.fanItems], "icon tint on fill below 3:1: \(list(lowTint))", wcag,
        items: lowTint.map(\.0))
    }
    if !lowFill.isEmpty {
      warn(
        [.fanItems],
        "fill against the screen behind (\(backdrop.hex)) below 3:1: \(list(lowFill))", wcag,
        items: lowFill.map(\.0))
    }
    if f.mainFill != DefaultLook.mainFill || f.mainTint != DefaultLook.mainTint {
      let fill = f.mainFill.over(DefaultLook.screen)
      let tint = f.mainTint.over(fill).contrast(with: fill)
      if f.mainTintIcon || !IconRef.isPath(f.mainIcon), tint < nonTextContrast {
        warn(
          [.fanMainTint, .fanMainFill],
          "main button icon \(f.mainTint.hex) on \(f.mainFill.hex) is \(ratioText(tint)), below 3:1",
          wcag)
      }
      let c = fill.contrast(with: DefaultLook.screen)
      if f.mainFill != DefaultLook.mainFill, c < nonTextContrast {
        warn(
          [.fanMainFill],
          "main button \(f.mainFill.hex) against the screen (\(DefaultLook.screen.hex)) is \(ratioText(c)), below 3:1",
          wcag)
      }
    }
    let b = p.bubble
    if b.enabled {
      // why: the bubble's icon shows its tint only when it has one and is tinted
      if !b.icon.isEmpty, b.tintIcon || !IconRef.isPath(b.icon),
        b.fill != DefaultLook.bubbleFill || b.tint != DefaultLook.bubbleTint
      {
        let fill = b.fill.over(DefaultLook.screen)
        let c = b.tint.over(fill).contrast(with: fill)
        if c < nonTextContrast {
          warn(
            [.bubbleTint, .bubbleFill],
            "bubble icon \(b.tint.hex) on \(b.fill.hex) is \(ratioText(c)), below 3:1", wcag)
        }
      }
      if b.fill != DefaultLook.bubbleFill {
        let c = b.fill.over(DefaultLook.screen).contrast(with: DefaultLook.screen)
        if c < nonTextContrast {
          warn(
            [.bubbleFill],
            "bubble \(b.fill.hex) against the screen (\(DefaultLook.screen.hex)) is \(ratioText(c)), below 3:1",
            wcag)
        }
      }
      if !b.badge.isEmpty
        && (b.badgeFill != DefaultLook.badgeFill || b.badgeTint != DefaultLook.badgeTint)
      {
        let fill = b.badgeFill.over(DefaultLook.screen)
        let c = b.badgeTint.over(fill).contrast(with: fill)
        if c < textContrast {
          warn(
            [.bubbleBadgeTint, .bubbleBadgeFill],
            "badge text \(b.badgeTint.hex) on \(b.badgeFill.hex) is \(ratioText(c)), below 4.5:1",
            "WCAG 2.2 §1.4.3 (text contrast)")
        }
      }
    }
    // hit targets: Material's 48 dp (Apple's 44 pt is `fan.hitSize`'s own rule)
    let fmt = { (d: Double) in JSONWriter.number(d, places: 3) }
    let smallest = (0..<n).map { max(f.hitSize, f.size($0)) }.min() ?? f.hitSize
    if f.hitSize >= minimumHitTarget && smallest < materialHitTarget {
      warn(
        [.fanHitSize],
        "hit target \(fmt(smallest)) pt is below Material's 48 dp (the Compose export)",
        "Material Design (touch targets)")
    }
    if f.mainSize < materialHitTarget {
      warn(
        [.fanMainSize],
        "main button \(fmt(f.mainSize)) pt (hit area \(fmt(max(f.mainSize, minimumHitTarget))) pt) is below Material's 48 dp",
        "Material Design (touch targets)")
    }
    // labels at the open state, where items rest
    let main = FanLayout.mainCenter(f, device: device)
    let centres = FanLayout.offsets(f, device: device).map { main + $0 }
    let boxes: [(Int, Rect)] = centres.indices.compactMap { i in
      FanLabels.box(f.label(i), center: centres[i], diameter: f.size(i), device: device).map {
        (i, $0)
      }
    }
    var colliding = Set<Int>()
    for (a, ra) in boxes {
      for (b, rb) in boxes where b > a && ra.intersects(rb) { colliding.formUnion([a, b]) }
      for j in centres.indices where j != a {
        if ra.intersects(circle: centres[j], radius: f.size(j) / 2) { colliding.formUnion([a, j]) }
      }
    }
    if !colliding.isEmpty {
      let ids = colliding.sorted()
      warn(
        [.fanItems, .fanRadius],
        "labels collide with each other or with items when open: items \(ids.map(String.init).joined(separator: ", "))",
        "SpringLab (labels)", items: ids)
    }
    let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
    let off = boxes.filter { !screen.contains($0.1) }.map(\.0)
    if !off.isEmpty {
      warn(
        [.fanItems, .fanStartAngle, .fanEndAngle],
        "label\(off.count > 1 ? "s" : "") of item\(off.count > 1 ? "s" : "") \(off.map(String.init).joined(separator: ", ")) leave the screen when open",
        "SpringLab (labels)", items: off)
    }
    // icons
    if n > 1 {
      let names = Set((0..<n).map(f.icon))
      if names.count == 1, let only = names.first {
        warn(
          [.fanIcons],
          "all \(n) items show the same icon (\(only)): nothing tells them apart\(boxes.count == n ? " but their labels" : "")",
          "Apple HIG (icons)")
      }
    }
    return out
  }
}
