import SpringLabCore

/// Human names for choice values ("allAtOnce" → "All at once"): a choice's
/// text value (a preset's `form`, `order`, a device…) in words, as the panel
/// shows it.
public enum ChoiceNames {
  static let special: [String: String] = forms.merging([
    "allAtOnce": "All at once", "easeIn": "Ease in", "easeOut": "Ease out",
    "easeInOut": "Ease in-out", "default": "Default", "iphoneSE": "iPhone SE",
    "iphone15": "iPhone 15", "iphone15ProMax": "iPhone 15 Pro Max",
    "ipadSplit": "iPad (split view)",
    // why: export formats are product names, not sentences
    "uikit": "UIKit", "swiftui": "SwiftUI", "compose": "Compose", "css": "CSS",
    "framer": "Framer", "json": "JSON",
  ]) { form, _ in form }

  // why: the spring forms' words are the panel's own picker labels;
  // split from camelCase, "swiftUIResponse" read "Swift u i response"
  static let forms = Dictionary(
    uniqueKeysWithValues: SpringForm.allCases.map { ($0.rawValue, $0.title) })

  public static func human(_ raw: String) -> String {
    if let s = special[raw] { return s }
    // why: camelCase words become a sentence, first letter capitalised
    var words: [String] = []
    var current = ""
    for ch in raw {
      if ch.isUppercase, !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(ch)
    }
    if !current.isEmpty { words.append(current) }
    let sentence = words.map { $0.lowercased() }.joined(separator: " ")
    return sentence.prefix(1).uppercased() + sentence.dropFirst()
  }
}
