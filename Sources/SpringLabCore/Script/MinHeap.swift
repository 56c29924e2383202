/// A binary min-heap ordered by `less`.
struct MinHeap<Element: Sendable>: Sendable {
  private var items: [Element] = []
  private let less: @Sendable (Element, Element) -> Bool

  init(_ elements: [Element], by less: @escaping @Sendable (Element, Element) -> Bool) {
    self.less = less
    items = elements
    if items.count > 1 {
      for i in stride(from: items.count / 2 - 1, through: 0, by: -1) { down(i) }
    }
  }

  var isEmpty: Bool { items.isEmpty }
  var peek: Element? { items.first }

  mutating func push(_ e: Element) {
    items.append(e)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard less(items[i], items[parent]) else { break }
      items.swapAt(i, parent)
      i = parent
    }
  }

  mutating func pop() -> Element? {
    guard !items.isEmpty else { return nil }
    items.swapAt(0, items.count - 1)
    let e = items.removeLast()
    if !items.isEmpty { down(0) }
    return e
  }

  private mutating func down(_ start: Int) {
    var i = start
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < items.count && less(items[l], items[m]) { m = l }
      if r < items.count && less(items[r], items[m]) { m = r }
      if m == i { return }
      items.swapAt(i, m)
      i = m
    }
  }
}
