/// SpringLab's version, named at the top of every export.
public enum SpringLabVersion {
  public static let string = "0.1.0"
}
