import Foundation
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
