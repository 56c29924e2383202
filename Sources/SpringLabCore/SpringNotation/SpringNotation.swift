import Foundation

/// What a snippet describes: a spring (physics plus an initial velocity) or a
/// timing curve.
public enum SpringNotation: Sendable, Equatable {
  case spring(SpringReading)
  case curve(CurveReading)
}

/// A spring read from a snippet.
public struct SpringReading: Sendable, Equatable {
  /// The physics as the snippet states it (mass may differ from 1).
  public var spring: Spring
  /// Initial velocity in travels per second toward the target (UIKit's and
  /// SwiftUI's unit); 0 when the form has none or states it in value units.
  public var velocity: Double
  /// Which form was read, e.g. "SwiftUI .snappy(duration:extraBounce:)".
  public var form: String
  /// Things the reader assumed or left out (defaults used, ignored options).
  public var notes: [String]

  public init(spring: Spring, velocity: Double = 0, form: String, notes: [String] = []) {
    self.spring = spring
    self.velocity = velocity
    self.form = form
    self.notes = notes
  }

  /// The same motion with mass 1 (k/m, c/m): what UIKit, SwiftUI and Compose take.
  public var unitMass: Spring {
    Spring(
      mass: 1, stiffness: spring.stiffness / spring.mass, damping: spring.damping / spring.mass)
  }
}

/// A timing curve read from a snippet.
public struct CurveReading: Sendable, Equatable {
  public var bezier: CubicBezier
  /// The keyword it was written as (`ease-in`), if any.
  public var keyword: String?
  /// Seconds, when the snippet (or `--duration`) gives one.
  public var duration: Double?
  public var form: String

  public init(bezier: CubicBezier, keyword: String? = nil, duration: Double?, form: String) {
    self.bezier = bezier
    self.keyword = keyword
    self.duration = duration
    self.form = form
  }
}

/// Why a snippet could not be read: the message is the one line users see.
public struct SpringNotationError: Error, Sendable, Equatable, CustomStringConvertible {
  public var snippet: String
  public var reason: String
  public var description: String {
    var one = snippet.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
    if one.count > 120 { one = String(one.prefix(117)) + "…" }
    return "could not read a spring in: \(one) (\(reason))"
  }
}
