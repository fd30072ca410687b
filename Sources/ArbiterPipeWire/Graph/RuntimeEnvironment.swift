#if canImport(Glibc)
    import Glibc
#endif

/// Where the user's session keeps its running daemons.
public enum RuntimeEnvironment {
    /// `$XDG_RUNTIME_DIR`, where a running daemon's socket is.
    public static var runtimeDirectory: String {
        getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/run/user/\(getuid())"
    }
}
