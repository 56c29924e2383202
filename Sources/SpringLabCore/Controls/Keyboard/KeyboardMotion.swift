extension MotionDescriptor {
  /// The simulated keyboard's slide: a fixed ease-in-out no preset field changes.
  static let keyboard = MotionDescriptor(
    .keyboard, "Keyboard", path: "keyboard", duration: { _ in Scene.keyboardDuration },
    fields: [], mapping: .travel)
}
