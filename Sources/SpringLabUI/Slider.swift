import Foundation
import SpringLabCore

/// Drag precision chosen by the modifiers held.
enum DragMode: Equatable {
  /// Moves by the slider's per-pixel step (`SliderSpec.perPixel`).
  case normal
  /// Shift: ten times the per-pixel step.
  case coarse
  /// Ctrl held during a drag, or Alt: a tenth of the per-pixel step. Ctrl
  /// works where the window manager takes Alt+drag (most Linux desktops);
  /// Ctrl at the press still types a value.
  case fine

  init(_ m: KeyModifiers) {
    self = m.contains(.alt) || m.contains(.ctrl) ? .fine : m.contains(.shift) ? .coarse : .normal
  }

  /// Multiplier of the per-pixel step.
  var speed: Double {
    switch self {
    case .normal: return 1
    case .coarse: return 10
    case .fine: return 0.1
    }
  }
}

/// A lower limit the panel keeps a value above although the preset format
/// allows less (a radius of 0 pt puts every item on the main button).
/// Drags stop at it and a typed value below it is refused with `reason`; a
/// value already below it (read from a file) is shown as it is, never
/// raised by drawing, and a drag that starts there may stay there.
public struct SliderFloor: Sendable, Equatable {
  /// The smallest value a drag or typing gives, in the slider's unit.
  public var value: Double
  /// Why, as the panel says it: "items would sit on the main button".
  public var reason: String

  public init(_ value: Double, reason: String) {
    self.value = value
    self.reason = reason
  }
}

/// The slider being dragged: value = anchorValue + (x − anchorX) ×
/// per-pixel step × mode speed, re-anchored when the modifiers change (so the
/// value never jumps) and at the drag's ends (so turning back moves at once).
struct SliderDrag {
  var id: UIID
  var anchorX: Double
  var anchorValue: Double
  var lastX: Double
  var mode: DragMode
  /// The value range the drag maps over, fixed for the whole drag.
  var span: ClosedRange<Double>? = nil
  /// The drag's lowest value: the floor, or the value at the press when that
  /// was already below it.
  var low = -Double.greatestFiniteMagnitude
  /// The drag is held at the floor: the floor's reason shows.
  var atFloor = false
}

/// The numeric parameters of one slider call.
struct SliderSpec {
  var range: ClosedRange<Double>
  /// The span a drag covers when narrower than `range` (typing still reaches
  /// all of `range`); ignored while the value lies outside it.
  var track: ClosedRange<Double>? = nil
  var defaultValue: Double?
  var unit: String
  var step: Double
  var decimals: Int
  var integer: Bool
  var floor: SliderFloor? = nil

  /// A drag never crosses its span in more pixels than this…
  static let maxDragPixels = 600.0
  /// …nor in fewer (an item count 1…12 moves one item per 10 px, not per pixel).
  static let minDragPixels = 100.0

  /// The smallest change the value shows: 10^−decimals (1 for integers).
  var displayStep: Double { integer ? 1 : pow(10, -Double(max(0, min(10, decimals)))) }

  /// What a drag moves per pixel without modifiers, over a drag span `width`:
  /// the display step times the smallest of 1, 2, 5, 10, 20, 50… that
  /// crosses the span in at most `maxDragPixels`, or times the largest of
  /// 0.5, 0.2, 0.1… that takes at least `minDragPixels` when the span has
  /// fewer display steps than that. Radius 0…600 pt: 1 pt/px; damping
  /// 0.05…1: 0.002/px; duration 0.01…2 s: 0.005 s/px; items 1…12: 0.1/px.
  func perPixel(span width: Double) -> Double {
    let ds = displayStep
    guard width > 0, width.isFinite else { return ds }
    let mantissas = [1.0, 2, 5]
    if width / ds > SliderSpec.maxDragPixels {
      for e in 0...30 {
        for m in mantissas {
          let k = m * pow(10, Double(e))
          if width / (ds * k) <= SliderSpec.maxDragPixels { return ds * k }
        }
      }
      return width / SliderSpec.maxDragPixels
    }
    if width / ds >= SliderSpec.minDragPixels { return ds }
    for e in 1...6 {
      for m in mantissas.reversed() {
        let k = m * pow(10, -Double(e))
        if width / (ds * k) >= SliderSpec.minDragPixels { return ds * k }
      }
    }
    return ds * 1e-6
  }

  /// The smallest change one drag event makes: the per-pixel step at the
  /// mode's speed, never finer than the display step.
  func dragQuantum(_ perPixel: Double, _ mode: DragMode) -> Double {
    max(displayStep, perPixel * mode.speed)
  }

  func quantum(_ mode: DragMode) -> Double {
    switch mode {
    case .normal: return step
    case .coarse: return step * 10
    case .fine: return integer || step >= 1 ? step : step / 10
    }
  }

  func settle(_ raw: Double, _ mode: DragMode) -> Double {
    ValueFormat.clamp(ValueFormat.quantize(raw, quantum(mode)), range)
  }

  func text(_ v: Double) -> String { ValueFormat.text(v, decimals: decimals, unit: unit) }

  /// Typed text as a value of this slider: a number with an optional unit
  /// (`ValueFormat.check`), refused below `floor` with the floor's reason.
  func check(_ typed: String) -> Result<Double, ValueFormat.Rejection> {
    let r = ValueFormat.check(typed, unit: unit)
    if case .success(let v) = r, let f = floor, v < f.value {
      return .failure(
        ValueFormat.Rejection(reason: "at least \(text(f.value)): \(f.reason)"))
    }
    return r
  }

  /// What typing starts from: the value as shown, or every digit it has when
  /// the shown decimals would round it (Enter must not change 0.9985 to 0.999).
  func editText(_ v: Double) -> String {
    let shown = ValueFormat.number(v, decimals: decimals)
    return Double(shown) == v || integer ? shown : JSONWriter.number(v)
  }
}

extension UIContext {
  /// A labelled slider row: label, track (with a tick at the default), value
  /// text with its unit and a reset icon. Returns whether `value` changed.
  ///
  /// - A drag on the track, the knob or the number moves the value by a
  ///   fixed step per pixel (`SliderSpec.perPixel`: the display step, or a
  ///   1-2-5 multiple of it so the drag span takes 100…600 px; radius
  ///   0…600 pt moves 1 pt/px), Shift ×10, Alt (or Ctrl once the drag has
  ///   begun) ÷10. A press on the track away from the knob first jumps there.
  ///   One drag reports `.began` … `.changed` … `.ended` in `edits`.
  /// - Arrow keys nudge the focused slider by `step` (Shift × 10, Alt × 0.1);
  ///   Enter, Ctrl+click or a double-click types an exact value, with a unit
  ///   if wanted ("450ms", "0.45 s", "45%", "120pt", "170°"; see
  ///   `ValueFormat.check`). Enter commits a number clamped to `range`, Esc
  ///   cancels; text that is not a value turns the field red, is not
  ///   committed, and its reason shows on a line under the row (the rows
  ///   below move down; the line wraps to the row's width).
  /// - `floor`: drags stop at it and typing below it is refused, with its
  ///   reason shown under the row.
  /// - Right-click or the reset icon restores `default`.
  /// - The value is always clamped to `range`. With `track`, the knob's
  ///   position and the drag span cover only `track`; typing and nudges
  ///   still reach all of `range`.
  ///
  /// `unit` is shown after the value ("s", "pt", "°", ""); `decimals`
  /// defaults from `step` (0.01 → "0.400").
  @discardableResult
  public func slider(
    _ label: String, value: inout Double, range: ClosedRange<Double>,
    default defaultValue: Double? = nil,
    unit: String = "", step: Double = 0.01, decimals: Int? = nil, track: ClosedRange<Double>? = nil,
    floor: SliderFloor? = nil
  ) -> Bool {
    let st = step > 0 && step.isFinite ? step : 0.01
    let spec = SliderSpec(
      range: range, track: track, defaultValue: defaultValue, unit: unit, step: st,
      decimals: decimals ?? ValueFormat.decimals(forStep: st), integer: false, floor: floor)
    return sliderRow(label, &value, spec)
  }

  /// An integer slider; as `slider` with whole steps (a drag crosses the
  /// span in at least 100 px: 1…12 moves one per 10 px).
  @discardableResult
  public func sliderInt(
    _ label: String, value: inout Int, range: ClosedRange<Int>, default defaultValue: Int? = nil,
    unit: String = "", step: Int = 1, track: ClosedRange<Int>? = nil
  ) -> Bool {
    var v = Double(value)
    let spec = SliderSpec(
      range: Double(range.lowerBound)...Double(range.upperBound),
      track: track.map { Double($0.lowerBound)...Double($0.upperBound) },
      defaultValue: defaultValue.map(Double.init),
      unit: unit, step: Double(max(1, step)), decimals: 0, integer: true)
    _ = sliderRow(label, &v, spec)
    let new = min(range.upperBound, max(range.lowerBound, Int(v.rounded())))
    defer { value = new }
    return new != value
  }

  func sliderRow(_ label: String, _ value: inout Double, _ spec: SliderSpec) -> Bool {
    let sid = id(label)
    let before = value
    value = ValueFormat.clamp(value, spec.range)
    let row = nextRow(height: px(theme.rowHeight))
    let (labelR, field) = splitLabel(row)
    let resetSide = px(theme.resetSize)
    let valueW = px(theme.valueWidth)
    let trackW = max(px(24), field.w - valueW - resetSide - px(6))
    let trackR = PixelRect(x: field.x, y: row.y, w: trackW, h: row.h)
    let valueR = PixelRect(x: trackR.x + trackR.w, y: row.y, w: valueW, h: row.h)
    let hitR = PixelRect(x: trackR.x, y: row.y, w: trackR.w + valueW, h: row.h)
    let resetR = PixelRect(
      x: valueR.x + valueR.w + px(6), y: row.y + (row.h - resetSide) / 2, w: resetSide, h: resetSide
    )
    let knobR = px(6.5)
    let x0 = trackR.x + knobR + px(2)
    let span = max(1, trackR.w - 2 * (knobR + px(2)))
    // why: a soft track gives designers precision where values live (velocity
    // 0…2 rather than −20…20) without forbidding typed values outside it
    // (fixed for a whole drag, so crossing the track's end never makes the knob jump)
    let mapRange =
      sliderDrag.flatMap { $0.id == sid ? $0.span : nil }
      ?? spec.track.flatMap { $0.contains(value) ? $0.clamped(to: spec.range) : nil } ?? spec.range
    let width = mapRange.upperBound - mapRange.lowerBound
    let perPixel = spec.perPixel(span: width)
    lastSliderTrack = (x0, span, row.y + row.h / 2)
    lastSliderPerPixel = perPixel
    func valueAt(_ x: Double) -> Double { mapRange.lowerBound + (x - x0) / span * width }
    func xOf(_ v: Double) -> Double {
      let c = min(max(v, mapRange.lowerBound), mapRange.upperBound)
      return x0 + (width > 0 ? (c - mapRange.lowerBound) / width : 0) * span
    }
    func low(from start: Double) -> Double {
      guard let f = spec.floor else { return mapRange.lowerBound }
      return max(mapRange.lowerBound, min(f.value, start))
    }

    drawLabel(label, in: labelR)

    if editing?.id == sid {
      var refused = false
      let outcome = runEditor(sid, hitR) { (try? spec.check($0).get()) != nil }
      switch outcome {
      case .submitted(let typed, let outside):
        if case .success(let v) = spec.check(typed) {
          let typedValue = spec.integer ? v.rounded() : v
          value = ValueFormat.clamp(typedValue, spec.range)
          editing = nil
          if value != before { report(sid, .committed) }
        } else if outside {
          editing = nil
        } else {
          // why: a rejected value says why instead of being ignored silently
          if case .failure(let r) = spec.check(typed) {
            editing?.invalidReason = r.reason
          }
          editing?.invalid = true
          refused = true
          drawEditor(editing!, hitR)
        }
      case .cancelled:
        editing = nil
      case .edited:
        // why: once a reason shows (after Enter), it follows the text being fixed
        if editing?.invalidReason != nil, let text = editing?.buffer.text,
          case .failure(let r) = spec.check(text)
        {
          editing?.invalidReason = r.reason
        }
      case .none:
        break
      }
      if let e = editing, e.id == sid {
        if e.invalid, let reason = e.invalidReason {
          noteRow(reason, error: true, reveal: refused)
        }
        return value != before
      }
    }

    let state = behavior(sid, hitR)
    if state.pressed {
      if input.pressMods.contains(.ctrl) || input.clicks >= 2 {
        // why: the first click of a double-click moved the value; typing
        // should start from the value the designer saw before clicking
        if input.clicks >= 2, let p = preClick, p.id == sid { value = p.value }
        activeID = nil
        sliderDrag = nil
        startEditing(sid, text: spec.editText(value), selectAll: true)
        if value != before { report(sid, .committed) }
        drawEditor(editing!, hitR)
        return value != before
      }
      preClick = (sid, value)
      let mode = DragMode(input.pressMods)
      let mx = input.mouseX
      var d = SliderDrag(
        id: sid, anchorX: mx, anchorValue: value, lastX: mx, mode: mode, span: mapRange,
        low: low(from: value))
      // why: a click on the track away from the knob picks that spot; a press
      // on the knob or on the number (aiming to type it) must not jump, and
      // Alt presses for a fine drag from the current value
      if mode != .fine, mx < valueR.x, abs(mx - xOf(value)) > knobR + px(3) {
        let q = spec.dragQuantum(perPixel, mode)
        value = min(
          max(ValueFormat.quantize(valueAt(mx), q), d.low), mapRange.upperBound)
        value = ValueFormat.clamp(value, spec.range)
        d.anchorValue = value
      }
      sliderDrag = d
      report(sid, .began)
    } else if state.held || state.released, var d = sliderDrag, d.id == sid {
      let mx = input.mouseX
      let mode = DragMode(input.mods)
      if mode != d.mode {
        d.anchorValue = value
        d.anchorX = d.lastX
        d.mode = mode
      }
      let q = spec.dragQuantum(perPixel, mode)
      let moved = ValueFormat.quantize((mx - d.anchorX) * perPixel * mode.speed, q)
      // why: a drag that has not moved a whole quantum keeps every digit
      // the value had (a typed 0.7255 is not rounded by a press)
      var next =
        moved == 0 ? d.anchorValue : ValueFormat.quantize(d.anchorValue + moved, spec.displayStep)
      // why: the reason stays while the value rests on the floor (frames
      // without a move included), and goes once the drag leaves it
      if next > d.low { d.atFloor = false }
      if next < d.low {
        d.atFloor = spec.floor.map { d.low == $0.value } ?? false
        next = d.low
        // why: re-anchored at the end, turning back moves the value at once
        d.anchorValue = next
        d.anchorX = mx
      } else if next > mapRange.upperBound {
        next = mapRange.upperBound
        d.anchorValue = next
        d.anchorX = mx
      }
      d.lastX = mx
      sliderDrag = d
      let old = value
      value = ValueFormat.clamp(next, spec.range)
      if value != old { report(sid, .changed) }
    }
    let heldAtFloor = sliderDrag.map { $0.id == sid && $0.atFloor } ?? false
    if state.released, sliderDrag?.id == sid {
      sliderDrag = nil
      report(sid, .ended)
    }
    if state.rightPressed, let d = spec.defaultValue {
      value = ValueFormat.clamp(d, spec.range)
      if value != before { report(sid, .committed) }
    }
    if let d = spec.defaultValue,
      ValueFormat.clamp(d, spec.range) != value || activeID == sid.child("reset")
    {
      let rs = behavior(sid.child("reset"), resetR)
      if rs.clicked {
        value = ValueFormat.clamp(d, spec.range)
        report(sid, .committed)
      }
      drawResetIcon(resetR, color: rs.hovered ? theme.text : theme.textDim)
    }
    if focusedID == sid, editing == nil, activeID != sid {
      nudge(sid, &value, spec)
    }
    lastItem = (sid, hitR)

    // drawing
    let focused = focusedID == sid
    let hot = hotID == sid || activeID == sid
    if focused {
      box(hitR, fill: theme.panel, border: theme.focus.fading(0.7), width: px(1))
    } else if hot {
      box(hitR, fill: theme.widget.fading(0.6))
    }
    let cy = row.y + row.h / 2
    let groove = px(4)
    let gx0 = trackR.x + px(2)
    let gw = trackR.w - px(4)
    draw.fillRoundedRect(
      PixelRect(x: gx0, y: cy - groove / 2, w: gw, h: groove), radius: groove / 2, theme.widgetHot)
    let kx = xOf(value)
    let fromX = xOf(min(max(0, mapRange.lowerBound), mapRange.upperBound))
    let fillX0 = min(fromX, kx)
    let accent = hot ? theme.accentHot : theme.accent
    draw.fillRoundedRect(
      PixelRect(x: fillX0, y: cy - groove / 2, w: abs(kx - fromX), h: groove), radius: groove / 2,
      accent)
    if let d = spec.defaultValue {
      let tx = xOf(ValueFormat.clamp(d, spec.range))
      let th = px(12)
      draw.fillRoundedRect(
        PixelRect(x: tx - px(1), y: cy - th / 2, w: px(2), h: th), radius: px(1), theme.tick)
    }
    let kr = activeID == sid ? knobR + px(1) : hot ? knobR + px(0.5) : knobR
    if activeID == sid { draw.fillCircle(cx: kx, cy: cy, r: kr + px(3), accent.fading(0.35)) }
    draw.fillCircle(cx: kx, cy: cy, r: kr, theme.knob)
    text(
      spec.text(value), in: valueR, color: activeID == sid ? theme.accentHot : theme.text,
      align: .right, pad: px(4))
    if heldAtFloor, let f = spec.floor {
      noteRow("at least \(spec.text(f.value)): \(f.reason)", error: false)
    }
    return value != before
  }

  /// Arrow keys nudge the focused slider; Enter starts typing.
  func nudge(_ sid: UIID, _ value: inout Double, _ spec: SliderSpec) {
    var changed = false
    for k in input.keys where !consumedEvents.contains(k.eventIndex) {
      let dir: Double
      switch k.key {
      case KeyName.right, KeyName.up: dir = 1
      case KeyName.left, KeyName.down: dir = -1
      case KeyName.enter:
        consume(eventIndex: k.eventIndex)
        startEditing(sid, text: spec.editText(value), selectAll: true)
        continue
      default: continue
      }
      consume(eventIndex: k.eventIndex)
      let mult = k.mods.contains(.shift) ? 10 : k.mods.contains(.alt) && !spec.integer ? 0.1 : 1
      let old = value
      // why: rounding to the fine quantum only cleans float error; a nudge
      // must not throw away digits an Alt-drag or typing put there
      value = spec.settle(value + dir * spec.step * mult, .fine)
      changed = changed || value != old
    }
    if changed { report(sid, .committed) }
  }

  /// A circular arrow: "back to the default".
  func drawResetIcon(_ r: PixelRect, color: RGBA) {
    let cx = r.x + r.w / 2
    let cy = r.y + r.h / 2
    let rad = r.w * 0.34
    let pts = (0...12).map { i -> (Double, Double) in
      let a = (-60 + 270 * Double(i) / 12) * Double.pi / 180
      return (cx + rad * cos(a), cy + rad * sin(a))
    }
    draw.polyline(pts, width: max(1.2, px(1.6)), color)
    let a = -60 * Double.pi / 180
    let tx = cx + rad * cos(a)
    let ty = cy + rad * sin(a)
    let s = r.w * 0.22
    draw.fillConvex(
      [(tx - s, ty - s * 0.2), (tx + s * 0.6, ty - s * 0.9), (tx + s * 0.4, ty + s * 0.8)], color)
  }
}
