import Foundation
import SpringLabCommands
import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

// why: the benchmarks live in this executable, not in `springlab`, which only
// launches it (`springlab bench`); it sets up signals as `springlab` does
signal(SIGPIPE, SIG_IGN)
TerminationSignals.install()

let code = exitStatus {
  try BenchCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue
}
if let sig = TerminationSignals.received { TerminationSignals.exitNow(128 + sig, flush: true) }
exit(code)
