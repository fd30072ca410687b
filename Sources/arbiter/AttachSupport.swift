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
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)   // a parent's mask is inherited: these must get through
        signal(SIGINT) { _ in AttachSignals.flag = 1 }
        signal(SIGTERM) { _ in AttachSignals.flag = 1 }
        signal(SIGPIPE, SIG_IGN)
    }
}

/// Lines typed on standard input, read on a thread of their own and taken by the loop at each turn. The end of
/// input ends nothing: a service has none.
final class LineInput: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    init() {
        let thread = Thread { [self] in
            while let line = readLine() {
                lock.lock()
                lines.append(line)
                lock.unlock()
            }
        }
        thread.start()
    }

    func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = lines
        lines = []
        return taken
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
            if let address { logger.warning("cannot reach the phone stack's bus \(address); calls come from streams only") }
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
