#if canImport(Glibc)
    import Glibc
#endif

/// The player of a stream's process: the same pid, or the nearest ancestor process that owns a player (walking
/// `/proc/PID/stat`'s parent pid), as WirePlumber's mpris-pause matches players to clients.
public enum PlayerMatch {
    /// The player owned by `pid` or its nearest ancestor, nil when none is (or the process is gone).
    public static func player(forProcess pid: Int32, among players: [MediaPlayer]) -> MediaPlayer? {
        player(forProcess: pid, among: players) { parentProcess(of: $0) }
    }

    /// The same match over any process tree: `parent` gives a process's parent pid, nil when it has none or is gone.
    public static func player(
        forProcess pid: Int32, among players: [MediaPlayer],
        parent: (Int32) -> Int32?
    ) -> MediaPlayer? {
        var current = pid
        var seen: Set<Int32> = []
        while current > 0, seen.insert(current).inserted {
            if let player = players.first(where: { $0.processID == current }) { return player }
            guard let next = parent(current) else { return nil }
            current = next
        }
        return nil
    }

    /// The parent pid of `pid` from `/proc/PID/stat`, nil when the process is gone or has none (pid 1's is 0).
    public static func parentProcess(of pid: Int32) -> Int32? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return parseParent(fromStat: line)
    }

    /// The ppid field of a `/proc/PID/stat` line: the fourth field, counted after the command name's closing
    /// parenthesis (the name itself may hold spaces and parentheses).
    static func parseParent(fromStat line: String) -> Int32? {
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, let parent = Int32(fields[1]), parent > 0 else { return nil }
        return parent
    }
}
