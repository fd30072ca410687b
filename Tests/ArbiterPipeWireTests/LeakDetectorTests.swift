import Foundation
import Testing
@testable import ArbiterPipeWire

/// The soak's leak detectors, each shown a leak of its kind and then the same resources given back.
@Suite("Leak detectors", .serialized)
struct LeakDetectorTests {
    @Test("a census names the descriptors left open since its baseline, and none once they are closed")
    func descriptorCensus() throws {
        let baseline = FileDescriptorCensus.ofThisProcess()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let open = FileDescriptorCensus.ofThisProcess()
        let leak = try #require(open.leak(since: baseline, whose: "the test"))
        #expect(leak.hasPrefix("the test leaked 2 file descriptors"), "\(leak)")
        #expect(leak.contains("\(ends[0]) pipe:[") && leak.contains("\(ends[1]) pipe:["), "\(leak)")
        close(ends[0])
        close(ends[1])
        #expect(FileDescriptorCensus.ofThisProcess().leak(since: baseline, whose: "the test") == nil)
    }

    @Test("leftovers are an open connection's stream, its link and its client; nothing once it has closed")
    func graphLeftovers() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        #expect(GraphLeftovers(objects: try dumpGraph(daemon)).isEmpty, "the daemon's own nodes are not leftovers")
        do {
            let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
            let stream = try connection.createStream(nodeName: "arbiter.Left.main", app: "Left", mediaName: "main",
                                                     role: "Music", capture: false)
            var linked = false
            for _ in 0..<100 where !linked {
                try connection.sync()
                linked = (try? connection.link(stream, to: "arbiter.port.builtInSpeaker")) != nil
            }
            try connection.sync()
            var left = GraphLeftovers(objects: try dumpGraph(daemon))
            for _ in 0..<100 where left.links.count < 2 {
                usleep(20_000)
                left = GraphLeftovers(objects: try dumpGraph(daemon))
            }
            #expect(left.nodes == ["arbiter.Left.main"])
            #expect(left.links.count == 2 && left.links.allSatisfy { $0.hasSuffix("arbiter.Left.main → arbiter.port.builtInSpeaker") },
                    "\(left.links)")
            #expect(left.clients.count == 1, "\(left.clients)")
            #expect(left.lines.first == "1 node left in the daemon: arbiter.Left.main")
        }
        var left = GraphLeftovers(objects: try dumpGraph(daemon))
        for _ in 0..<100 where !left.isEmpty {
            usleep(20_000)
            left = GraphLeftovers(objects: try dumpGraph(daemon))
        }
        #expect(left.isEmpty, "\(left.lines)")
    }

    @Test("the daemon behind a socket is found by its peer credentials")
    func daemonProcess() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        #expect(DaemonProcess.pid(listeningOn: daemon.runtimeDirectory + "/pipewire-0") == daemon.pid)
        #expect(DaemonProcess.pid(listeningOn: daemon.runtimeDirectory + "/no-such-socket") == nil)
    }
}
