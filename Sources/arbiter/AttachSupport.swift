import ArbiterLive
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM end `arbiter attach` cleanly: the loop sees the flag within a turn.
enum AttachSignals {
    nonisolated(unsafe) static var flag: sig_atomic_t = 0

    static var stopRequested: Bool { flag != 0 }

    static func install() {
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGINT)
        sigaddset(&stopping, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)  // a parent's mask is inherited: these must get through
        signal(SIGINT) { _ in AttachSignals.flag = 1 }
        signal(SIGTERM) { _ in AttachSignals.flag = 1 }
        signal(SIGPIPE, SIG_IGN)
    }
}

/// Lines typed on standard input, read on a thread of their own and taken by the loop at each turn. The end of
/// input ends nothing: a service has none. The thread reads the descriptor itself, not through stdio: a stdio read
/// holds standard input's lock while it waits, and flushing every stream takes that lock too.
final class LineInput: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    init() {
        let thread = Thread { [self] in
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(0, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending += buffer[0..<count]
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<end], as: UTF8.self)
                    pending.removeSubrange(...end)
                    lock.withLock { lines.append(line) }
                }
            }
            if !pending.isEmpty {
                let line = String(decoding: pending, as: UTF8.self)
                lock.withLock { lines.append(line) }
            }
        }
        thread.start()
    }

    func take() -> [String] {
        lock.withLock {
            let taken = lines
            lines = []
            return taken
        }
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

/// The guard process: this same program, `attach --guard-mode`, reading a pipe only this process writes to. When
/// the process ends, however it ends, the pipe closes and the guard undoes what the ledger lists.
final class GuardProcess {
    private let process = Process()
    private let pipe = Pipe()

    init(arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.standardInput = pipe
        try process.run()
    }

    /// A clean end: the ledger is already empty, so the guard has nothing to undo.
    func finish() {
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// The phone stack's calls (ModemManager), read at most twice a second: a modem call makes no stream of its own.
final class PhoneStackWatch {
    private let bus: SessionBus
    private let logger: Logger
    private var lastRead = ContinuousClock.now - .seconds(1)
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
        self.bus = bus
        self.logger = logger
        logger.info("following the phone stack's calls (ModemManager on \(address ?? "the system bus"))")
    }

    /// The call status, when it is time to read it again.
    func poll() -> PhoneCallStatus? {
        guard ContinuousClock.now - lastRead >= .milliseconds(500) else { return nil }
        lastRead = ContinuousClock.now
        do {
            let status = try PhoneCalls.status(on: bus)
            failed = false
            return status
        } catch {
            if !failed { logger.warning("cannot read the phone stack's calls: \(error)") }
            failed = true
            return nil
        }
    }
}
