import Foundation
import SpringLabPlatform

/// `springlab bench`: runs the `springlab-bench` executable that sits beside
/// `springlab` with the same arguments, its stdout and stderr passed through
/// and its exit status returned, so no benchmark code is linked into
/// `springlab` (the benchmarks spawn Xvfb and xdotool and measure ffmpeg).
package enum BenchLauncher {
  /// The bench's flags and help; `springlab-bench` parses and prints them.
  package static let spec = CommandSpec(
    name: "bench", summary: "measures speed",
    options: [
      .init("json", ["the figures as JSON, named"]),
      .init("quick", ["a tiny run that only proves every figure is produced (for tests)"]),
      .init(
        "only", "core,floating,render,export,window,fit", label: "--only",
        [
          "comma-separated groups to run: core, floating, render, export, window, fit (default: all)"
        ]),
    ],
    labelWidth: 10,
    intro: [
      "Measures, in one run: closed-form springs vs 1 ms RK4, scene steps per seed preset, floating mode",
      "at 100/1,000/10,000 bubbles, headless frames per second over the whole demo (full redraw and",
      "incremental; 1280x720 with and without the panel, 1920x1080, the phone alone at 1180x2556),",
      "text runs (cached masks vs Cairo's glyphs), MP4 (BGRA and yuv420p pipes), GIF and PNG-folder",
      "export vs ffmpeg alone, and the window under Xvfb (idle CPU, process CPU per animated frame,",
      "frame intervals while the fan toggles, launch to first frame), and `fit` on a 3 s 1080p 60 fps clip (decode + track + fit, as a ratio",
      "of the clip's length). Each figure names its threads. Prints a table, or JSON with named figures",
      "(--json).",
    ],
    outro: [
      "Build with -c release for meaningful figures. Figures that cannot be measured here (no Xvfb,",
      "no ffmpeg, no font) are reported as skipped with the reason.",
    ])

  /// The bench's usage line; `springlab-bench` prints the same.
  package static var usage: String { spec.usage }

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
