import Foundation
import SpringLabCore

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh temporary folder for one test.
func makeTempDir() -> String {
  let p = NSTemporaryDirectory() + "springlab-platform-\(UUID().uuidString)"
  try? FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
  return p
}

func contents(_ dir: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
}

func readText(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

/// A character-device node standing in for a real one, made in a temporary
/// folder (never the real /dev): (1, 7) behaves as /dev/full, (1, 3) as /dev/null.
func makeDeviceStandIn(_ path: String, major: UInt32, minor: UInt32) -> Bool {
  // Linux's dev_t encoding (glibc's makedev is a macro Swift cannot call)
  let dev =
    UInt64(major & 0xfff) << 8 | UInt64(minor & 0xff) | UInt64(minor & ~0xff) << 12
    | UInt64(major & ~0xfff) << 32
  return mknod(path, S_IFCHR | 0o666, dev_t(dev)) == 0
}

/// True when this process may create device nodes (root, no nodev mount).
let canMakeDevices: Bool = {
  let dir = makeTempDir()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  let p = dir + "/probe"
  guard makeDeviceStandIn(p, major: 1, minor: 7) else { return false }
  let fd = open(p, O_WRONLY)
  defer { if fd >= 0 { close(fd) } }
  return fd >= 0
}()
