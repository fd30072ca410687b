import Foundation
import IssueReporting

#if canImport(Glibc)
    import Glibc
#endif

/// Which phones each test has running and has finished, so that an app's code cleaning up after its phone finished
/// (a `deinit` that clears Now Playing, disables its commands, pauses its player) is told apart from code that runs
/// outside any app by mistake. A test is known by its Swift Testing identity, in its own task; elsewhere (XCTest,
/// which runs its tests one after another) by the thread.
final class PhoneLifetimes: @unchecked Sendable {
    static let shared = PhoneLifetimes()

    /// A test, or a thread.
    struct Key: Hashable, @unchecked Sendable {
        let value: AnyHashable

        /// The running test's, else the calling thread's.
        static var current: Key {
            if case .swiftTesting(let testing?)? = TestContext.current { return Key(value: testing.test.id) }
            return Key(value: UInt(pthread_self()))
        }
    }

    private struct Count {
        var running = 0
        var finished = 0
    }

    private let lock = NSLock()
    private var counts: [Key: Count] = [:]

    /// A phone of `key` started.
    func began(_ key: Key) { change(key) { $0.running += 1 } }

    /// A phone of `key` finished.
    func finished(_ key: Key) {
        change(key) {
            $0.running -= 1
            $0.finished += 1
        }
    }

    /// A phone of `key` that is not a test's (the stand-in for finished phones) is not counted.
    func forget(_ key: Key) { change(key) { $0.running -= 1 } }

    /// Whether code running now with no app's context is a test's apps cleaning up: the test has finished a phone
    /// and has none running.
    static var isTearingDown: Bool {
        SimulatedApp.current == nil && shared.hasOnlyFinished(Key.current)
    }

    private func hasOnlyFinished(_ key: Key) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let count = counts[key] else { return false }
        return count.running <= 0 && count.finished > 0
    }

    private func change(_ key: Key, _ body: (inout Count) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&counts[key, default: Count()])
    }
}
