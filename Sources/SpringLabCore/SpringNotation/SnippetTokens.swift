import Foundation

/// One token of a pasted code snippet. The lexer is deliberately loose: it
/// reads Swift, Kotlin, JavaScript and CSS alike (numbers with `f`/`s`/`ms`/`%`
/// suffixes, hyphenated CSS words), and the reader decides what it means.
enum SnippetToken: Equatable {
  /// An identifier or CSS word (`usingSpringWithDamping`, `ease-in-out`).
  case word(String)
  /// A number and the unit letters glued to it (`0.3` "s", `10_000f` "f", `45` "%").
  case number(Double, unit: String)
  /// A quoted string's contents.
  case text(String)
  /// Any other single character: `( ) , : = . { } [ ] < > ;`.
  case symbol(Character)

  var word: String? {
    if case .word(let w) = self { return w }
    return nil
  }
}

enum SnippetLexer {
  /// Tokens of `s`, or nil when it holds something no snippet has (an unterminated string).
  static func tokens(_ s: String) -> [SnippetToken]? {
    let c = Array(s)
    var out: [SnippetToken] = []
    var i = 0
    func isLetter(_ ch: Character) -> Bool { ch.isLetter || ch == "_" || ch == "$" }
    func valueBefore() -> Bool {
      switch out.last {
      case .number?, .word?, .text?: return true
      case .symbol(let s)?: return s == ")" || s == "]" || s == "}"
      case nil: return false
      }
    }
    while i < c.count {
      let ch = c[i]
      if ch.isWhitespace {
        i += 1
        continue
      }
      // comments: // to end of line, /* … */
      if ch == "/", i + 1 < c.count, c[i + 1] == "/" {
        while i < c.count, c[i] != "\n" { i += 1 }
        continue
      }
      if ch == "/", i + 1 < c.count, c[i + 1] == "*" {
        i += 2
        while i + 1 < c.count, !(c[i] == "*" && c[i + 1] == "/") { i += 1 }
        i += 2
        continue
      }
      let startsNumber =
        ch.isNumber
        || (ch == "." && i + 1 < c.count && c[i + 1].isNumber
          && !(out.last?.word != nil))
      let signed =
        (ch == "-" || ch == "+") && i + 1 < c.count
        && (c[i + 1].isNumber || (c[i + 1] == "." && i + 2 < c.count && c[i + 2].isNumber))
        && !valueBefore()
      if startsNumber || signed {
        var j = i
        var digits = ""
        if signed {
          digits.append(c[j])
          j += 1
        }
        var seenDot = false
        var seenExp = false
        while j < c.count {
          let d = c[j]
          if d.isNumber {
            digits.append(d)
          } else if d == "_" && j + 1 < c.count && c[j + 1].isNumber {
            // Kotlin digit separator (10_000f)
          } else if d == "." && !seenDot && !seenExp && j + 1 < c.count && c[j + 1].isNumber {
            seenDot = true
            digits.append(d)
          } else if d == "." && !seenDot && !seenExp
            && (j + 1 == c.count || !isLetter(c[j + 1]) || c[j + 1] == "f" || c[j + 1] == "F")
          {
            // "1." and "1.f" are numbers; "1.dp" is not a decimal point
            seenDot = true
            digits.append(d)
          } else if (d == "e" || d == "E") && !seenExp && j + 1 < c.count
            && (c[j + 1].isNumber
              || ((c[j + 1] == "-" || c[j + 1] == "+") && j + 2 < c.count && c[j + 2].isNumber))
          {
            seenExp = true
            digits.append(d)
            if c[j + 1] == "-" || c[j + 1] == "+" {
              digits.append(c[j + 1])
              j += 1
            }
          } else {
            break
          }
          j += 1
        }
        var unit = ""
        while j < c.count, c[j].isLetter || c[j] == "%" {
          unit.append(c[j])
          j += 1
        }
        guard let v = Double(digits.hasSuffix(".") ? digits + "0" : digits) else { return nil }
        out.append(.number(v, unit: unit))
        i = j
        continue
      }
      if isLetter(ch) {
        var j = i
        var w = ""
        while j < c.count {
          let d = c[j]
          if isLetter(d) || d.isNumber {
            w.append(d)
          } else if d == "-", j + 1 < c.count, c[j + 1].isLetter {
            // CSS words: ease-in-out, cubic-bezier
            w.append(d)
          } else {
            break
          }
          j += 1
        }
        out.append(.word(w))
        i = j
        continue
      }
      if ch == "\"" || ch == "'" || ch == "`" {
        var j = i + 1
        var t = ""
        while j < c.count, c[j] != ch {
          t.append(c[j])
          j += 1
        }
        guard j < c.count else { return nil }
        out.append(.text(t))
        i = j + 1
        continue
      }
      out.append(.symbol(ch))
      i += 1
    }
    return out
  }
}

/// `key = value` or `key: value`; `dotted` when the key ends a path (`anim.stiffness = 300`).
struct SnippetAssignment {
  var key: String
  var value: SnippetToken
  var colon: Bool
  var dotted: Bool
  /// Index of the value's first token.
  var at: Int = 0
}

/// One argument of a call: `label: value`, `label = value` or a bare value.
struct SnippetArgument {
  var label: String?
  var value: ArraySlice<SnippetToken>
}

/// A call found in the tokens: its name path (`UIView.animate`), whether a
/// `.` came before it (`.spring`), its arguments (nil when written without
/// parentheses) and where it ends.
struct SnippetCall {
  var path: [String]
  var leadingDot: Bool
  var arguments: [SnippetArgument]?
  var start: Int
  var end: Int

  var name: String { path.last ?? "" }
}

extension Array where Element == SnippetToken {
  /// Every name path (`a.b.c`, `.smooth`) in the tokens, with its argument list when one follows.
  /// Generic arguments (`spring<Float>(…)`) are skipped.
  func calls() -> [SnippetCall] {
    var out: [SnippetCall] = []
    var i = 0
    while i < count {
      guard case .word(let w) = self[i] else {
        i += 1
        continue
      }
      // only the start of a path: not preceded by "word ." (handled as part of that path)
      if i >= 2, self[i - 1] == .symbol("."), self[i - 2].word != nil {
        i += 1
        continue
      }
      let leadingDot = i >= 1 && self[i - 1] == .symbol(".")
      var path = [w]
      var j = i + 1
      while j + 1 < count, self[j] == .symbol("."), let next = self[j + 1].word {
        path.append(next)
        j += 2
      }
      // generic arguments: <Float>, <Dp>
      if j < count, self[j] == .symbol("<") {
        var k = j + 1
        while k < count, self[k].word != nil || self[k] == .symbol(".") { k += 1 }
        if k < count, self[k] == .symbol(">") { j = k + 1 }
      }
      var args: [SnippetArgument]?
      var end = j
      if j < count, self[j] == .symbol("("), let (parsed, close) = arguments(from: j) {
        args = parsed
        end = close + 1
      }
      out.append(
        SnippetCall(path: path, leadingDot: leadingDot, arguments: args, start: i, end: end))
      i = j
    }
    return out
  }

  /// The comma-separated arguments of the parenthesis at `open`, and the
  /// index of its `)` (the last token when the snippet ends inside the call).
  func arguments(from open: Int) -> ([SnippetArgument], Int)? {
    var depth = 0
    var args: [SnippetArgument] = []
    var startOfArg = open + 1
    var i = open
    func finish(_ end: Int) {
      var s = self[startOfArg..<end]
      guard !s.isEmpty else { return }
      var label: String?
      if s.count >= 2, let w = s.first?.word,
        s[s.startIndex + 1] == .symbol(":") || s[s.startIndex + 1] == .symbol("=")
      {
        label = w
        s = s.dropFirst(2)
      }
      args.append(SnippetArgument(label: label, value: s))
    }
    while i < count {
      switch self[i] {
      case .symbol("("), .symbol("["), .symbol("{"):
        depth += 1
      case .symbol(")"), .symbol("]"), .symbol("}"):
        depth -= 1
        if depth == 0 {
          finish(i)
          return (args, i)
        }
      case .symbol(","):
        if depth == 1 {
          finish(i)
          startOfArg = i + 1
        }
      default: break
      }
      i += 1
    }
    // why: code is pasted mid-call (`…, animations: {` with the block cut
    // off): the arguments read so far stand, the unclosed last one included
    guard depth > 0 else { return nil }
    finish(count)
    return (args, count - 1)
  }

  /// `key = value` / `key: value` pairs anywhere in the tokens (the key is the
  /// last part of a dotted path: `anim.springBounciness = 8` gives
  /// `springBounciness`). Values are single tokens, a sign included.
  func assignments() -> [SnippetAssignment] {
    var out: [SnippetAssignment] = []
    var i = 0
    while i + 2 < count {
      if let w = self[i].word, self[i + 1] == .symbol(":") || self[i + 1] == .symbol("=") {
        // why: "a == b" and "a =>" are not assignments
        if self[i + 2] == .symbol("=") || self[i + 2] == .symbol(">") {
          i += 3
          continue
        }
        out.append(
          SnippetAssignment(
            key: w, value: self[i + 2], colon: self[i + 1] == .symbol(":"),
            dotted: i >= 1 && self[i - 1] == .symbol("."), at: i + 2))
        // why: the value may itself start the next pair ("spring: tension = 120")
        i += 2
        continue
      }
      i += 1
    }
    return out
  }
}
