import Foundation
import SpringLabCore
import SpringLabPlatform

/// Test children: the core's posix_spawn wrapper, capturing stdout and stderr.
typealias Spawned = ChildProcess

extension ChildProcess {
  static func start(_ path: String, _ args: [String], env: [String: String]) throws -> ChildProcess
  {
    try launch(path, args, env: env, captureOutput: true, captureErrors: true)
  }

  var out: String { output }
  var err: String { errors }
}
