import SpringLabUI

/// Text measured as SDL_ttf lays out DejaVu Sans (the font the window and
/// `render` use) at the size rounded to whole pixels, as the text cache
/// opens it (13.5 → 14): each character's advance from the font's `hmtx`
/// table (2048 units per em), rounded to whole pixels as hinting does.
/// Kerning is left out (it mostly narrows a run), so a run measured here is
/// about as wide as on screen or a pixel or two wider. A character missing
/// from the table counts as wide as "→" (1716 units). Height: ascent +
/// descent (2384 units). The layout tests use it instead of `fakeMeasure`,
/// whose 0.6 × size per character is narrower than DejaVu's capitals and
/// digits.
func dejaVuMeasure(_ s: String, _ size: Double) -> (Double, Double) {
  let px = max(1, size.rounded())
  var w = 0.0
  for ch in s { w += (Double(dejaVuAdvance[ch] ?? 1716) / 2048 * px).rounded() }
  return (w, (2384 / 2048 * px).rounded(.up))
}

/// DejaVu Sans advances, font units (2048 per em), for the characters the
/// window draws.
let dejaVuAdvance: [Character: Int] = [
  " ": 651, "!": 821, "\"": 942, "#": 1716, "$": 1303, "%": 1946, "&": 1597, "'": 563, "(": 799,
  ")": 799, "*": 1024, "+": 1716, ",": 651, "-": 739, ".": 651, "/": 690, "0": 1303, "1": 1303,
  "2": 1303, "3": 1303, "4": 1303, "5": 1303, "6": 1303, "7": 1303, "8": 1303, "9": 1303,
  ":": 690, ";": 690, "<": 1716, "=": 1716, ">": 1716, "?": 1087, "@": 2048, "A": 1401,
  "B": 1405, "C": 1430, "D": 1577, "E": 1294, "F": 1178, "G": 1587, "H": 1540, "I": 604,
  "J": 604, "K": 1343, "L": 1141, "M": 1767, "N": 1532, "O": 1612, "P": 1235, "Q": 1612,
  "R": 1423, "S": 1300, "T": 1251, "U": 1499, "V": 1401, "W": 2025, "X": 1403, "Y": 1251,
  "Z": 1403, "[": 799, "\\": 690, "]": 799, "^": 1716, "_": 1024, "`": 1024, "a": 1255,
  "b": 1300, "c": 1126, "d": 1300, "e": 1260, "f": 721, "g": 1300, "h": 1298, "i": 569, "j": 569,
  "k": 1186, "l": 569, "m": 1995, "n": 1298, "o": 1253, "p": 1300, "q": 1300, "r": 842,
  "s": 1067, "t": 803, "u": 1298, "v": 1212, "w": 1675, "x": 1212, "y": 1212, "z": 1075,
  "{": 1303, "|": 690, "}": 1303, "~": 1716, "…": 2048, "·": 651, "→": 1716, "←": 1716,
  "●": 1787, "■": 1935, "▶": 1575, "⚠": 1836, "×": 1716, "°": 1024, "ζ": 1114, "ω": 1715,
  "Δ": 1401, "−": 1716, "≤": 1716, "≥": 1716, "±": 1716, "✓": 1716, "❚": 1716, "↑": 1716,
  "↓": 1716, "⇧": 1716, "⌘": 2048, "—": 2048, "–": 1024, "“": 1061, "”": 1061, "’": 651,
  "é": 1260,
]
