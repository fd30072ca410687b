import ArbiterPipeWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file listing every program Arbiter has changed and how (its volume lowered, paused over MPRIS, corked),
/// rewritten at each change. When Arbiter ends, it undoes the changes itself and removes the file; if it is killed,
/// the guard process it started (`arbiter attach` with `--guard`) or its next start undoes what the file lists.
public final class LeaveLedger {
    public let path: String
    private var entries: [UInt32: Entry] = [:]
    private var changed = false

    /// One program's changes: its node and process (so a new stream that took the node's id is not touched).
    public struct Entry: Equatable, Sendable {
        public var node: UInt32
        public var processID: Int32?
        public var lowered: Bool
        /// `cork`, the MPRIS bus name it was paused through, or both as `cork+NAME` (`PauseWay.ledgerText`).
        public var pausedBy: String?
        /// For a role node that carries programs' gain (`GainCarrier`): its own channel volumes, to put back.
        public var ownVolumes: [Float]?

        /// Whether its node was corked.
        var corked: Bool { pausedBy == "cork" || pausedBy?.hasPrefix("cork+") == true }

        /// The MPRIS player it was told Pause through, if any.
        var busName: String? {
            guard let pausedBy, pausedBy != "cork" else { return nil }
            return pausedBy.hasPrefix("cork+") ? String(pausedBy.dropFirst(5)) : pausedBy
        }
    }

    public init(path: String) { self.path = path }

    /// The ledger's default place: `$XDG_RUNTIME_DIR/arbiter/attach-REMOTE.ledger`, else under /tmp.
    public static func defaultPath(remote: String?) -> String {
        let base = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/tmp"
        let name = (remote ?? "pipewire-0").replacingOccurrences(of: "/", with: "_")
        return "\(base)/arbiter/attach-\(name).ledger"
    }

    func note(node: UInt32, processID: Int32?, lowered: Bool, pausedBy: PauseWay?) {
        let entry = Entry(node: node, processID: processID, lowered: lowered, pausedBy: pausedBy?.ledgerText)
        if !entry.lowered && entry.pausedBy == nil {
            guard entries.removeValue(forKey: entry.node) != nil else { return }
        } else {
            guard entries[entry.node] != entry else { return }
            entries[entry.node] = entry
        }
        changed = true
    }

    /// A role node lowered over its own volumes `own`, or put back (nil).
    func notePoint(node: UInt32, own: [Float]?) {
        guard let own else {
            forget(node)
            return
        }
        let entry = Entry(node: node, processID: nil, lowered: true, pausedBy: nil, ownVolumes: own)
        guard entries[node] != entry else { return }
        entries[node] = entry
        changed = true
    }

    func forget(_ node: UInt32) {
        if entries.removeValue(forKey: node) != nil { changed = true }
    }

    /// Writes the file when something changed since the last time: once a turn, after the programs were changed,
    /// so that writing it delays no change.
    func flush() {
        guard changed else { return }
        changed = false
        write()
    }

    /// Everything undone: the file goes.
    public func clear() {
        entries = [:]
        try? FileManager.default.removeItem(atPath: path)
    }

    private func write() {
        if entries.isEmpty {
            clear()
            return
        }
        let text = entries.keys.sorted().map { key -> String in
            let entry = entries[key]!
            let own = entry.ownVolumes.map { " own " + $0.map { String($0) }.joined(separator: ",") } ?? ""
            return "node \(entry.node) pid \(entry.processID.map(String.init) ?? "-") lowered \(entry.lowered) "
                + "paused \(entry.pausedBy ?? "-")\(own)\n"
        }.joined()
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Written and renamed in place, with no sync: the file matters only while this machine stays up.
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written == bytes.count { _ = rename(temporary, path) }
    }

    /// The entries a ledger file lists (none when there is no file).
    public static func read(path: String) -> [Entry] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 8 || (words.count == 10 && words[8] == "own"), words[0] == "node",
                let node = UInt32(words[1])
            else { return nil }
            let own = words.count == 10 ? words[9].split(separator: ",").compactMap { Float($0) } : nil
            return Entry(
                node: node, processID: Int32(words[3]), lowered: words[5] == "true",
                pausedBy: words[7] == "-" ? nil : words[7], ownVolumes: own?.isEmpty == false ? own : nil)
        }
    }

    /// Undoes what a ledger file lists on `graph` (and over `players`): each program still there, made by the same
    /// process, gets its own volume back and is resumed. Removes the file; returns a line per program undone.
    public static func undo(path: String, graph: ProgramGraphAccess, players: MediaPlayerAccess?) -> [String] {
        let entries = read(path: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard !entries.isEmpty else { return [] }
        // A connection just made learns each node's volumes a moment after the node itself: wait for them (2 s at
        // most) before putting them back.
        var nodes: [UInt32: ProgramNode] = [:]
        for _ in 0..<40 {
            nodes = Dictionary(graph.snapshot().nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            if entries.allSatisfy({ nodes[$0.node].map { !$0.channelVolumes.isEmpty } ?? true }) { break }
            usleep(50_000)
        }
        var lines: [String] = []
        for entry in entries {
            guard let node = nodes[entry.node],
                entry.processID == nil || node.processID == entry.processID
            else { continue }
            if let own = entry.ownVolumes {
                guard node.isRoleNode else { continue }
                try? graph.setChannelVolumes(node: entry.node, own)
                lines.append("role node \(entry.node): volume back to its own")
                continue
            }
            if entry.lowered, !node.channelVolumes.isEmpty {
                try? graph.setSoftVolumes(node: entry.node, node.channelVolumes, mute: node.mute)
                lines.append("node \(entry.node): volume back to its own")
            }
            if entry.corked {
                try? graph.start(node: entry.node)
                lines.append("node \(entry.node): uncorked")
            }
            if let busName = entry.busName, let players,
                let player = (try? players.mediaPlayers())?.first(where: { $0.busName == busName })
            {
                try? players.play(player)
                lines.append("node \(entry.node): resumed over MPRIS (\(busName))")
            }
        }
        return lines
    }
}
