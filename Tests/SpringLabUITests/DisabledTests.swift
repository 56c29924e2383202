import Testing

@testable import SpringLabUI

/// Widgets inside `disabled(true)` are laid out and drawn faded but take no
/// input (Dear ImGui's BeginDisabled).
@Suite("Disabled widgets")
struct DisabledTests {
  @Test func aDisabledToggleIsFadedAndIgnoresClicks() throws {
    let h = Harness()
    var on = false
    let drawn = h.frame { ctx in ctx.disabled(true) { _ = ctx.toggle("Tint", value: &on) } }
    let r = try #require(h.ctx.lastItemRect)
    for phase in [[down(r.x + r.w - 20, r.y + 5)], [up(r.x + r.w - 20, r.y + 5)]] {
      h.frame(phase) { ctx in ctx.disabled(true) { _ = ctx.toggle("Tint", value: &on) } }
    }
    #expect(!on, "a click on a disabled toggle changes nothing")
    #expect(h.ctx.hotID == nil && h.ctx.activeID == nil)
    let enabled = h.frame { ctx in ctx.disabled(false) { _ = ctx.toggle("Tint", value: &on) } }
    // the same commands, each at 40 % of the enabled alpha
    func alphas(_ l: DrawList) -> [Int] {
      l.finished.compactMap { c -> Int? in
        switch c {
        case .fill(_, let col), .text(_, _, _, _, let col, _): return Int(col.a)
        default: return nil
        }
      }
    }
    #expect(alphas(drawn).count == alphas(enabled).count && alphas(drawn).count > 1)
    // why: the first fill is the panel's background, drawn outside the block
    #expect(alphas(drawn).first == alphas(enabled).first)
    for (d, e) in zip(alphas(drawn).dropFirst(), alphas(enabled).dropFirst()) {
      #expect(abs(Double(d) - Double(e) * 0.4) <= 1, "\(d) vs \(e)")
    }
    // and enabled, the same clicks flip it
    for phase in [[down(r.x + r.w - 20, r.y + 5)], [up(r.x + r.w - 20, r.y + 5)]] {
      h.frame(phase) { ctx in ctx.disabled(false) { _ = ctx.toggle("Tint", value: &on) } }
    }
    #expect(on)
  }
}
