import Foundation
import SpringLabPlatform

/// `springlab bench`: runs the `springlab-bench` executable that sits beside
/// `springlab` with the same arguments, its stdout and stderr passed through
/// and its exit status returned, so no benchmark code is linked into
/// `springlab` (the benchmarks spawn Xvfb and xdotool and measure ffmpeg).
package enum BenchLauncher {
  /// The bench's usage line; `springlab-bench` prints the same.
  package static let usage =
    "springlab bench [--json] [--quick] [--only core,floating,render,export,window,fit]"

  /// The bench executable's file name.
  static let executableName = "springlab-bench"

  /// The folder of the running executable (`/proc/self/exe`, else argv[0]).
  static func ownFolder() -> URL {
    let own =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments.first ?? "springlab"
    return URL(fileURLWithPath: own).resolvingSymlinksInPath().deletingLastPathComponent()
  }

  /// Runs `springlab-bench ARGS` and returns its exit status (128 + N when
  /// a signal ended it).
  /// - Throws: `.environment` in one line when it is missing or cannot start.
  static func run(_ argv: [String]) throws(CLIError) -> Int32 {
    let path = ownFolder().appendingPathComponent(executableName).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw CLIError(
        .environment,
        "bench: \(executableName) is not installed beside springlab (looked for \(path)); "
          + "`swift build -c release` or `make bench` builds it")
    }
    do {
      let child = try ChildProcess.launch(
        path, argv, env: ProcessInfo.processInfo.environment, outputFD: STDOUT_FILENO,
        errorFD: STDERR_FILENO)
      return child.wait()
    } catch {
      throw CLIError(
        .environment, "bench: cannot start \(path): \((error as? SaveError)?.reason ?? "\(error)")")
    }
  }
}
