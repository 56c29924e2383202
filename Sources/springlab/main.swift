import Foundation
import SpringLabCommands
import SpringLabPlatform

#if canImport(Glibc)
  import Glibc
#endif

// why: a closed pipe (e.g. `springlab export | head`) must end quietly, not kill us mid-write
signal(SIGPIPE, SIG_IGN)
// why: first, before any thread starts: SIGTERM/SIGINT/SIGHUP end every
// command within a second, children reaped and temporary files removed
TerminationSignals.install()

let code = springlabMain(CommandLine.arguments)
// why: a command that ended on its own after a signal (the window keeping its
// recovery copy) still reports the signal, as 128 + N
if let sig = TerminationSignals.received { TerminationSignals.exitNow(128 + sig, flush: true) }
TerminationSignals.exit(code)
