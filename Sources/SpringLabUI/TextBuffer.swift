/// The editable text of a field: characters, a caret and an all-selected flag
/// (the only selection this UI needs: a field opens with its text selected so
/// typing replaces it).
public struct TextBuffer: Sendable, Equatable {
  public private(set) var chars: [Character]
  /// Caret position, 0…count (characters before it).
  public private(set) var caret: Int
  /// Whole text selected: typing or Backspace replaces it, arrows deselect.
  public private(set) var allSelected: Bool

  public init(_ text: String, selectAll: Bool = false) {
    chars = Array(text)
    caret = chars.count
    allSelected = selectAll && !text.isEmpty
  }

  public var text: String { String(chars) }

  /// Inserts typed text at the caret (replacing the selection), keeping at
  /// most `maxLength` characters; control characters are dropped.
  public mutating func insert(_ s: String, maxLength: Int = .max) {
    let typed = s.filter {
      !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false)
    }
    guard !typed.isEmpty else { return }
    if allSelected { clear() }
    let room = max(0, maxLength - chars.count)
    let add = Array(typed.prefix(room))
    chars.insert(contentsOf: add, at: caret)
    caret += add.count
  }

  public mutating func backspace() {
    if allSelected { return clear() }
    guard caret > 0 else { return }
    chars.remove(at: caret - 1)
    caret -= 1
  }

  public mutating func deleteForward() {
    if allSelected { return clear() }
    guard caret < chars.count else { return }
    chars.remove(at: caret)
  }

  public mutating func left() {
    caret = allSelected ? 0 : max(0, caret - 1)
    allSelected = false
  }

  public mutating func right() {
    caret = allSelected ? chars.count : min(chars.count, caret + 1)
    allSelected = false
  }

  public mutating func home() {
    caret = 0
    allSelected = false
  }

  public mutating func end() {
    caret = chars.count
    allSelected = false
  }

  /// Selects the whole text (Ctrl+A, a double-click): typing replaces it.
  public mutating func selectAll() {
    caret = chars.count
    allSelected = !chars.isEmpty
  }

  public mutating func setCaret(_ i: Int) {
    caret = max(0, min(chars.count, i))
    allSelected = false
  }

  private mutating func clear() {
    chars = []
    caret = 0
    allSelected = false
  }

  /// Applies an editing key (`KeyName`); returns whether the key is one.
  @discardableResult
  public mutating func apply(key: String) -> Bool {
    switch key {
    case KeyName.backspace: backspace()
    case KeyName.delete: deleteForward()
    case KeyName.left: left()
    case KeyName.right: right()
    case KeyName.home: home()
    case KeyName.end: end()
    default: return false
    }
    return true
  }
}
