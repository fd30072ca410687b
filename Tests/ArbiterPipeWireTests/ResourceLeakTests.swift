import Foundation
import Testing

@testable import ArbiterPipeWire

/// Connections and streams give back what they took: file descriptors of this process, and objects in the
/// daemon. Found by `arbiter soak` (docs/reliability.md).
@Suite("PipeWire resources given back", .serialized)
struct ResourceLeakTests {
    /// Plays `count` linked streams on one connection, destroys them while it stays, then closes it.
    static func churn(_ daemon: PrivateDaemon, count: Int) throws {
        let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        var streams: [Int] = []
        for index in 0..<count {
            streams.append(
                try connection.createStream(
                    nodeName: "arbiter.Churn.stream\(index)", app: "Churn",
                    mediaName: "stream\(index)", role: "Music", capture: false))
        }
        var waiting = streams
        for _ in 0..<100 {
            waiting = waiting.filter { (try? connection.link($0, to: "arbiter.port.builtInSpeaker")) == nil }
            if waiting.isEmpty { break }
            try connection.sync()
            usleep(10_000)
        }
        #expect(waiting.isEmpty, "every stream got its ports")
        for stream in streams { connection.setActive(stream, true) }
        try connection.sync()
        for stream in streams { connection.destroyStream(stream) }
        try connection.sync()
    }

    @Test("streams destroyed while playing and linked, then their connection closed, leave no descriptor open")
    func destroyedStreamsLeaveNoDescriptor() async {
        // In a process of its own: the other suites open and close descriptors in this one meanwhile.
        await #expect(processExitsWith: .success) {
            let daemon = try PrivateDaemon()
            defer { daemon.stop() }
            try ResourceLeakTests.churn(daemon, count: 2)  // libpipewire's one-time set-up
            let baseline = FileDescriptorCensus.ofThisProcess()
            for _ in 0..<30 { try ResourceLeakTests.churn(daemon, count: 3) }
            if let leak = FileDescriptorCensus.ofThisProcess().leak(since: baseline, whose: "the test") {
                print(leak)
                exit(1)
            }
        }
    }
}
