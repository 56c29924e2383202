/// SpringLab's version, printed by `--version` and in every export's header.
public enum SpringLabVersion {
  public static let string = "0.1.0"
}
