import SpringLabCore

extension UIContext {
  /// The control for one preset field, built from the field table: a slider
  /// (with the field's range and unit) for numbers, an integer slider, a
  /// picker for choices, a switch for flags, a text field for text and icons
  /// (a built-in name or a path; taken when the editing ends, and an icon
  /// only when valid) and colours (a chip that opens the system swatches,
  /// and hex taken when the editing ends and whole). Point lists, name lists
  /// and item looks have no control here (nothing is drawn; false).
  /// `defaults` supplies the reset value and the tick on the track
  /// (`Preset()` when nil). The widget ID is the field's JSON path, so two
  /// fields with the same label never clash. Returns whether `preset` changed.
  @discardableResult
  public func field(
    _ f: PresetField, in preset: inout Preset, defaults: Preset? = nil, label shown: String? = nil
  ) -> Bool {
    let base = defaults ?? Preset()
    let label = (shown ?? f.label) + "##" + f.path
    switch f.kind {
    case .number(let kp, let range, let unit):
      // why: an unbounded field (Bézier y) has no span to map a drag onto:
      // its track is the drag range widened to reach the value
      let v = preset[keyPath: kp]
      let bounded = (range.upperBound - range.lowerBound).isFinite
      let track =
        bounded
        ? f.dragRange
        : f.dragRange.map { t in min(t.lowerBound, v)...max(t.upperBound, v) }
      let changed = slider(
        label, value: &preset[keyPath: kp], range: range, default: base[keyPath: kp],
        unit: unit.rawValue,
        step: UIContext.step(range: bounded ? range : (f.dragRange ?? 0...1), unit: unit),
        decimals: UnitFormat.decimals(unit), track: track, floor: UIContext.floor(for: f))
      // why: a typed 0.9995 would save a preset the reader refuses (damping skips 0.999…1)
      if changed && f.isDampingRatio {
        preset[keyPath: kp] = UIKitSpring.acceptedDamping(preset[keyPath: kp])
      }
      return changed
    case .integer(let kp, let range):
      return sliderInt(
        label, value: &preset[keyPath: kp], range: range, default: base[keyPath: kp],
        track: f.dragRange.map { Int($0.lowerBound)...Int($0.upperBound) })
    case .choice(let c):
      var name = c.get(preset)
      guard
        picker(
          label, selection: &name, options: c.options, titles: c.options.map(ChoiceNames.human))
      else { return false }
      return c.set(&preset, name)
    case .flag(let kp):
      return toggle(label, value: &preset[keyPath: kp])
    case .text(let kp, _, let maxLength):
      var s = preset[keyPath: kp]
      let action = textField(label, text: &s, maxLength: maxLength)
      // why: taken when the editing ends, so a typed name is one undo step
      guard action.isFinal, s != preset[keyPath: kp] else { return false }
      preset[keyPath: kp] = s
      return true
    case .icon(let kp, let allowed, let optional):
      // why: a typed name or path takes effect only once it is an icon the
      // reader accepts, so a half-typed path never reaches the preset
      var s = preset[keyPath: kp]
      let action = textField(label, text: &s, maxLength: IconRef.maxPath)
      guard action.isFinal, s != preset[keyPath: kp],
        (optional && s.isEmpty) || IconRef.problem(s, builtins: allowed) == nil
      else { return false }
      preset[keyPath: kp] = s
      return true
    case .color(let kp):
      return colorField(label, color: &preset[keyPath: kp])
    case .points, .names, .looks:
      return false
    }
  }

  /// The panel's floor for a field whose documented minimum makes no sense
  /// to drag or type to (a radius of 0 pt stacks every item on the main
  /// button). The file format keeps its range (shipped presets and fixtures
  /// hold radii as small as 1 pt and must stay valid): only the panel's
  /// drags and typing stop here. Sizes already start at 16–20 pt.
  public static func floor(for f: PresetField) -> SliderFloor? {
    switch f.id {
    case .fanRadius:
      return SliderFloor(20, reason: "closer, the items hide under the main button")
    default: return nil
    }
  }

  /// A slider step that suits a field: 0.01 s for times (a fine drag
  /// reaches the millisecond `UnitFormat` shows), 1 pt / 1° for lengths and
  /// angles, and for plain ratios a step that gives about a hundred to a few
  /// thousand positions over the range.
  public static func step(range: ClosedRange<Double>, unit: FieldUnit) -> Double {
    let span = range.upperBound - range.lowerBound
    switch unit {
    case .seconds: return 0.01
    case .points, .degrees, .pointsPerSecond: return 1
    case .none:
      if span <= 0.2 { return 0.001 }
      if span <= 2 { return 0.01 }
      return 0.1
    }
  }
}
