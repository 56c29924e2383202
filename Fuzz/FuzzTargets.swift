// libFuzzer entry point for SpringLab's readers of outside data, compiled
// with the Core sources, the platform's ImageHeader.swift and SVGCheck.swift, and the render
// module's JPEG decoder (C, `-import-objc-header`) into one binary (`make fuzz`):
//   swiftc -sanitize=fuzzer,address -parse-as-library -module-name SpringLabCore …
// SPRINGLAB_FUZZ_TARGET chooses the reader: preset, script, snippet, image,
// jpeg, samples or svg (an icon's checks before librsvg). None may crash, hang or trap on any bytes; a preset it
// accepts must survive its own writer.
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
  case "jpeg": fuzzJPEG(bytes)
  case "samples": _ = try? SampleReader.parse(data, file: "fuzz.csv")
  case "svg":
    // why: an icon's checks run before librsvg sees the bytes; a refusal is one line
    _ = SVGCheck.looksLikeSVG(bytes)
    if let why = SVGCheck.problem(bytes), why.contains("\n") {
      fatalError("an SVG refusal spans lines")
    }
  default:
    fatalError(
      "set SPRINGLAB_FUZZ_TARGET to preset, script, snippet, image, jpeg, samples or svg")
  }
  return 0
}

/// libjpeg through the render module's decoder, on any bytes (no header
/// check first, unlike a backdrop): it decodes within its bounds or fails
/// with a line of text; never crashes, loops or prints.
func fuzzJPEG(_ bytes: [UInt8]) {
  // why: 1024 a side keeps one input well under libFuzzer's time and memory
  // limits; the bound itself is what is checked, at any size
  let (side, pixels) = (1024, 1 << 20)
  var image = springlab_jpeg_image()
  let errorSize = 200
  var error = [CChar](repeating: 0, count: errorSize)
  let status = springlab_jpeg_decode(
    bytes, bytes.count, Int32(side), pixels, &image, &error, errorSize)
  defer { springlab_jpeg_free(&image) }
  if status == 0 {
    let (w, h) = (Int(image.width), Int(image.height))
    guard image.pixels != nil, w > 0, h > 0, w <= side, h <= side, w * h <= pixels else {
      fatalError("decoded \(w) × \(h) past the bounds or without pixels")
    }
    // why: every pixel is read, so AddressSanitizer sees a short buffer; a JPEG is opaque
    var alpha: UInt32 = 0xFF00_0000
    for i in 0..<(w * h) { alpha &= image.pixels![i] }
    if alpha != 0xFF00_0000 { fatalError("a decoded JPEG pixel is not opaque") }
  } else if image.pixels != nil || error[0] == 0 {
    fatalError("a failed decode kept its pixels or gave no reason")
  }
}
