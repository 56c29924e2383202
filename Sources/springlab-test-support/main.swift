import Foundation

// Test-only entry points, kept out of the shipped `springlab` command list.
let usage = """
  usage: springlab-test-support save-loop FILE [--count N]
         springlab-test-support peak-rss PROGRAM ARGS...
         springlab-test-support soak-sim PRESET SECONDS
         springlab-test-support spawn-child [--from-thread] PROGRAM ARGS...
  """
let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "save-loop": exit(SaveLoop.run(Array(args.dropFirst())))
case "peak-rss": exit(PeakMemory.run(Array(args.dropFirst())))
case "soak-sim": exit(SoakSimulation.run(Array(args.dropFirst())))
case "spawn-child": exit(SpawnChild.run(Array(args.dropFirst())))
default:
  SaveLoop.fail(usage)
  exit(2)
}
