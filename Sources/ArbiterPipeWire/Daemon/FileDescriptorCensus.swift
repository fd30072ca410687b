import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The open file descriptors of a process, read from `/proc/<pid>/fd`: each descriptor's number and what it
/// points to (`socket:[1234]`, `anon_inode:[eventfd]`, `/dev/null`, ...). Two censuses tell what was left open.
public struct FileDescriptorCensus: Sendable, Equatable {
    /// What each open descriptor points to, by number.
    public var targets: [Int32: String]

    public init(targets: [Int32: String]) { self.targets = targets }

    /// The descriptors of this process.
    public static func ofThisProcess() -> FileDescriptorCensus { of(directory: "/proc/self/fd")! }

    /// The descriptors of process `pid`; nil when they cannot be read (no such process, or another user's).
    public static func of(pid: pid_t) -> FileDescriptorCensus? { of(directory: "/proc/\(pid)/fd") }

    private static func of(directory: String) -> FileDescriptorCensus? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var targets: [Int32: String] = [:]
        for name in names {
            guard let number = Int32(name) else { continue }
            var buffer = [CChar](repeating: 0, count: 512)
            let length = readlink("\(directory)/\(name)", &buffer, buffer.count - 1)
            guard length >= 0 else { continue }  // closed meanwhile (the directory's own descriptor)
            targets[number] = text(Array(buffer.prefix(length)) + [0])
        }
        return FileDescriptorCensus(targets: targets)
    }

    public var count: Int { targets.count }

    /// The descriptors open now that were not open (to the same thing) in `baseline`, sorted by number, as
    /// `12 socket:[1234]`. Empty when nothing was left open.
    public func opened(since baseline: FileDescriptorCensus) -> [String] {
        targets.keys.sorted().compactMap { number in
            baseline.targets[number] == targets[number] ? nil : "\(number) \(targets[number]!)"
        }
    }

    /// What was left open since `baseline`, as one line (`leaked 2 file descriptors: 12 socket:[1234], ...`), or
    /// nil when there are no more descriptors than then. `whose` names the process (`the runner's`).
    public func leak(since baseline: FileDescriptorCensus, whose: String) -> String? {
        let extra = count - baseline.count
        guard extra > 0 else { return nil }
        let listed = opened(since: baseline)
        return "\(whose) leaked \(extra) file descriptor\(extra == 1 ? "" : "s") (\(baseline.count) at the start, "
            + "\(count) now): \(listed.prefix(12).joined(separator: ", "))\(listed.count > 12 ? ", ..." : "")"
    }

    /// Resident memory of this process in kilobytes (`VmRSS` in `/proc/self/status`).
    public static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
