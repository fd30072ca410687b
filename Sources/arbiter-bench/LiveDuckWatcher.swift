import ArbiterPipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// What the duck benchmark's registry watcher (tools/bench-duck-watch.c) reported: each event stamped in the
/// watcher as it arrived (seconds of CLOCK_MONOTONIC, the clock of `seconds()`), so reading it later costs the
/// measure nothing.
enum WatchEvent: Equatable {
    case ready(realtime: Bool)
    case node(id: Int, at: Double, mediaClass: String, role: String, application: String, name: String)
    case gone(id: Int, at: Double)
    case state(id: Int, at: Double, state: String)
    /// The first channel of the node's published softVolumes, monitorVolumes and channelVolumes (nil: absent).
    case gain(id: Int, at: Double, soft: Double?, monitor: Double?, channel: Double?)

    /// One line of the watcher's output; nil for a line it does not print.
    init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        func number(_ index: Int) -> Double? { index < fields.count ? Double(fields[index]) : nil }
        func level(_ index: Int) -> Double? { number(index).flatMap { $0 < 0 ? nil : $0 } }
        guard let kind = fields.first else { return nil }
        if kind == "ready", fields.count == 2 {
            self = .ready(realtime: fields[1] == "realtime")
            return
        }
        guard fields.count >= 3, let id = Int(fields[1]), let nanoseconds = number(2) else { return nil }
        let at = nanoseconds / 1e9
        switch (kind, fields.count) {
        case ("node", 7):
            self = .node(
                id: id, at: at, mediaClass: fields[3], role: fields[4], application: fields[5],
                name: fields[6])
        case ("gone", 3): self = .gone(id: id, at: at)
        case ("state", 4): self = .state(id: id, at: at, state: fields[3])
        case ("gain", 6): self = .gain(id: id, at: at, soft: level(3), monitor: level(4), channel: level(5))
        default: return nil
        }
    }
}

/// A node as the watcher has reported it so far.
struct WatchedNode {
    var mediaClass: String, role: String, application: String, name: String
    var state: String?
    /// When the stream first ran.
    var firstRunning: Double?
    var soft: Double?, monitor: Double?, channel: Double?
}

/// The watcher process, its output read through a FIFO, and the graph it has reported so far.
final class DuckWatcher {
    let pid: pid_t
    /// Whether the watcher runs at real-time priority (SCHED_FIFO 20, as Arbiter's connection thread does).
    private(set) var isRealtime = false
    /// Every node in the registry, by id.
    private(set) var nodes: [Int: WatchedNode] = [:]
    private let fd: Int32
    private var pending: [UInt8] = []
    private var isStopped = false

    /// Starts `binary` on the daemon `remote` and waits until it has reported the registry as it is.
    init(binary: String, remote: String, directory: String, environment: [String]) throws(BenchFailure) {
        guard access(binary, X_OK) == 0 else {
            throw BenchFailure(
                "no registry watcher at \(binary) (tools/bench-duck.sh builds it from tools/bench-duck-watch.c; "
                    + "or give --watcher PATH)")
        }
        let fifo = directory + "/watch.fifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw BenchFailure("cannot make \(fifo)") }
        // Opened for reading and writing, the FIFO never reads as ended: the watcher's end is checked by its pid.
        fd = open(fifo, O_RDWR | O_NONBLOCK)
        guard fd >= 0 else { throw BenchFailure("cannot open \(fifo)") }
        let child = PrivateDaemon.spawnChild([binary, remote], environment: environment, log: fifo)
        guard child > 0 else {
            close(fd)
            throw BenchFailure("cannot run \(binary)")
        }
        pid = child
        let deadline = seconds() + 10
        while true {
            guard let event = try next(before: deadline) else {
                stop()
                throw BenchFailure("the registry watcher did not report the registry within 10 s")
            }
            if case .ready(let realtime) = event {
                isRealtime = realtime
                break
            }
        }
    }

    deinit { stop() }

    /// Stops the watcher by its pid (once).
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        PrivateDaemonTools.stop([pid])
        close(fd)
    }

    /// The next event, with the nodes updated for it; nil when `deadline` passes first.
    func next(before deadline: Double) throws(BenchFailure) -> WatchEvent? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard let event = WatchEvent(line: Substring(line)) else { continue }
                apply(event)
                return event
            }
            let left = deadline - seconds()
            guard left > 0 else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(min(100, left * 1000 + 1))) > 0 {
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = read(fd, &buffer, buffer.count)
                if count > 0 { pending += buffer[..<count] }
            } else if PrivateDaemonTools.hasExited(pid) {
                throw BenchFailure("the registry watcher ended (did the daemon go away?)")
            }
        }
    }

    /// Reads events until `condition` holds, or fails saying what did not happen within `limit` seconds.
    func wait(for what: String, within limit: Double, until condition: (DuckWatcher) -> Bool) throws(BenchFailure) {
        let deadline = seconds() + limit
        while !condition(self) {
            guard try next(before: deadline) != nil else {
                throw BenchFailure("\(what) did not happen within \(limit) s")
            }
        }
    }

    /// Reads and applies every event for `duration` seconds.
    func drain(for duration: Double) throws(BenchFailure) {
        let deadline = seconds() + duration
        while try next(before: deadline) != nil {}
    }

    /// The playback streams of programs whose application.name is `application`.
    func streams(of application: String) -> [Int] {
        nodes.filter { $0.value.mediaClass == "Stream/Output/Audio" && $0.value.application == application }.map(\.key)
    }

    /// The node named `name`, if any.
    func node(named name: String) -> Int? { nodes.first { $0.value.name == name }?.key }

    private func apply(_ event: WatchEvent) {
        switch event {
        case .ready: break
        case .node(let id, _, let mediaClass, let role, let application, let name):
            nodes[id] = WatchedNode(mediaClass: mediaClass, role: role, application: application, name: name)
        case .gone(let id, _): nodes[id] = nil
        case .state(let id, let at, let state):
            nodes[id]?.state = state
            if state == "running", nodes[id]?.firstRunning == nil { nodes[id]?.firstRunning = at }
        case .gain(let id, _, let soft, let monitor, let channel):
            nodes[id]?.soft = soft
            nodes[id]?.monitor = monitor
            nodes[id]?.channel = channel
        }
    }
}
