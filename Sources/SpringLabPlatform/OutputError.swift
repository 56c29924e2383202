import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// Writing an output file failed; whatever was at `path` before is unchanged
/// and nothing partial is left. Printed as `PATH: cannot write: REASON` (the
/// path with control characters escaped); the CLI exits 4 with it.
public struct OutputError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
  public init(_ e: SaveError) { self.init(path: e.path, reason: e.reason) }
  public var description: String { "\(TerminalText.escape(path)): cannot write: \(reason)" }
  /// The reader of a pipe the output streamed into has gone (EPIPE).
  public var isClosedPipe: Bool { reason == String(cString: strerror(EPIPE)) }
}
