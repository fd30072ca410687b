import ArbiterLive
import ArbiterPipeWire
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM end `arbiter attach` cleanly: the handler sets the flag and writes a byte to a pipe the loop
/// sleeps on, so the loop sees it at once, asleep or not.
enum AttachSignals {
    nonisolated(unsafe) static var flag: sig_atomic_t = 0
    /// The pipe's ends: the loop polls the first, the handler writes to the second.
    nonisolated(unsafe) static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    static var stopRequested: Bool { flag != 0 }

    static func install() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            pipeEnds = (ends[0], ends[1])
        }
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGINT)
        sigaddset(&stopping, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)  // a parent's mask is inherited: these must get through
        signal(SIGINT) { _ in AttachSignals.stop() }
        signal(SIGTERM) { _ in AttachSignals.stop() }
        signal(SIGPIPE, SIG_IGN)
    }

    /// In the handler: only what is async-signal-safe.
    private static func stop() {
        flag = 1
        var byte: UInt8 = 1
        _ = write(pipeEnds.write, &byte, 1)
    }
}

/// What attach's loop sleeps on, all at once: the graph changing, a line typed on standard input, SIGINT or SIGTERM,
/// the phone stack's bus, and a timeout only while something is due by time alone. At rest nothing wakes it but
/// what the graph, the bus or the user says: no timer, no thread polling.
///
/// Standard input is read here, on the loop's thread, one read() when poll() says it is readable (so it never
/// blocks, and its descriptor is left as it is). Its end ends nothing: a service has none.
final class AttachWait {
    private var pending: [UInt8] = []
    private var inputOpen = true

    /// What a wait saw.
    struct Woken {
        /// Whole lines typed since the last wait.
        var lines: [String] = []
        /// The phone stack's bus has something to read.
        var phone = false
    }

    /// Sleeps until the graph changes, a line is typed, a signal comes, the phone stack's bus (`phone`, a descriptor)
    /// says something, or `timeoutMs` pass (nil: no timeout).
    func wait(graph: ProgramGraph, phone: Int32?, timeoutMs: Int32?) -> Woken {
        var descriptors = [pollfd(fd: graph.changeDescriptor, events: Int16(POLLIN), revents: 0)]
        descriptors.append(pollfd(fd: AttachSignals.pipeEnds.read, events: Int16(POLLIN), revents: 0))
        descriptors.append(pollfd(fd: inputOpen ? 0 : -1, events: Int16(POLLIN), revents: 0))
        descriptors.append(pollfd(fd: phone ?? -1, events: Int16(POLLIN), revents: 0))
        var woken = Woken()
        // Without a change descriptor (none could be made) the graph is looked at every 200 ms instead.
        let timeout = timeoutMs ?? (graph.changeDescriptor < 0 ? 200 : -1)
        guard poll(&descriptors, nfds_t(descriptors.count), timeout) > 0 else { return woken }
        if descriptors[0].revents != 0 { graph.quieten() }
        if descriptors[1].revents != 0 {
            var bytes = [UInt8](repeating: 0, count: 16)
            _ = read(AttachSignals.pipeEnds.read, &bytes, bytes.count)
        }
        if descriptors[2].revents != 0 { woken.lines = readInput() }
        woken.phone = descriptors[3].revents != 0
        return woken
    }

    /// One read of standard input: the whole lines it completes; at its end, the last line, and no more reads.
    private func readInput() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(0, &buffer, buffer.count)
        if count < 0 { return [] }  // EINTR, EAGAIN: the next wait tries again
        var lines: [String] = []
        if count == 0 {
            inputOpen = false
            if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
            pending = []
            return lines
        }
        pending += buffer[0..<count]
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<end], as: UTF8.self))
            pending.removeSubrange(...end)
        }
        return lines
    }
}

/// attach's output: each line written to standard output's descriptor at once, so a tool or a journal reading it
/// sees each decision as it is made.
enum AttachOutput {
    static func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// The guard process: a shell that blocks reading a pipe only this process writes to, and costs next to nothing
/// while it waits (no Swift runtime, no connection). When this process ends, however it ends, the pipe closes and the
/// shell becomes this same program, `attach --guard-mode`, which undoes what the ledger lists.
final class GuardProcess {
    private let process = Process()
    private let pipe = Pipe()

    init(arguments: [String]) throws {
        let arbiter = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `read` returns non-zero only at the pipe's end (nothing is ever written to it): then the program runs.
        process.arguments = ["-c", "while read -r _; do :; done; exec \"$0\" \"$@\"", arbiter] + arguments
        process.standardInput = pipe
        try process.run()
    }

    /// A clean end: the ledger is already empty, so the guard has nothing to undo.
    func finish() {
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// The phone stack's calls (ModemManager): read at the start, then again only when ModemManager says something on
/// its bus (a signal, or its coming and going), so that at rest it costs nothing.
final class PhoneStackWatch {
    private let bus: SessionBus
    private let logger: Logger
    private var read = false
    private var failed = false

    /// Watches ModemManager on the bus at `address`, else on the system bus (with no ModemManager there, there is
    /// never a call); nil when there is no such bus.
    init?(address: String?, logger: Logger) {
        guard let bus = try? SessionBus(address: address ?? SessionBus.systemBusAddress) else {
            if let address {
                logger.warning("cannot reach the phone stack's bus \(address); calls come from streams only")
            }
            return nil
        }
        do {
            try bus.watch(sender: PhoneCalls.serviceName)
        } catch {
            logger.warning("cannot watch the phone stack's signals (\(error)); calls come from streams only")
            return nil
        }
        self.bus = bus
        self.logger = logger
        logger.info("following the phone stack's calls (ModemManager on \(address ?? "the system bus"))")
    }

    /// The bus's descriptor, for the loop to sleep on.
    var descriptor: Int32 { bus.descriptor }

    /// The call status: at the first call, and then when the bus had something to read (`readable`). A signal that
    /// came while the status was read makes it read again.
    func poll(readable: Bool) -> PhoneCallStatus? {
        guard !read || readable else { return nil }
        read = true
        var status: PhoneCallStatus?
        do {
            _ = try bus.drain()
            for _ in 0..<3 {
                status = try PhoneCalls.status(on: bus)
                guard try bus.drain() > 0 else { break }
            }
            failed = false
        } catch {
            if !failed { logger.warning("cannot read the phone stack's calls: \(error)") }
            failed = true
        }
        return status
    }
}
