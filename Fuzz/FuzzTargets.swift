// libFuzzer entry point for SpringLab's readers of outside data, compiled
// with the Core sources and the platform's ImageHeader.swift into one binary (`make fuzz`):
//   swiftc -sanitize=fuzzer,address -parse-as-library -module-name SpringLabCore …
// SPRINGLAB_FUZZ_TARGET chooses the reader: preset, script, snippet, image or
// samples. None may crash, hang or trap on any bytes; a preset it accepts must
// survive its own writer.
import Foundation

/// The reader under test, read once from the environment.
let fuzzTarget = ProcessInfo.processInfo.environment["SPRINGLAB_FUZZ_TARGET"] ?? ""

/// One fuzz input through the chosen reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func springLabFuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let data = Data(bytes)
  switch fuzzTarget {
  case "preset":
    // why: a preset that loads must round-trip through the writer unchanged
    if let p = try? PresetReader.decode(data, file: "fuzz.json") {
      let again = try? PresetReader.decode(Data(PresetWriter.text(p).utf8), file: "fuzz.json")
      if again != p { fatalError("a loaded preset did not survive its writer") }
    }
  case "script": _ = try? InputScript.decode(data, file: "fuzz.json")
  case "snippet": _ = try? SpringNotationReader.read(String(decoding: bytes, as: UTF8.self))
  case "image":
    _ = ImageHeader.dimensions(data)
    _ = ImageHeader.structureProblem(bytes)
  case "samples": _ = try? SampleReader.parse(data, file: "fuzz.csv")
  default: fatalError("set SPRINGLAB_FUZZ_TARGET to preset, script, snippet, image or samples")
  }
  return 0
}
