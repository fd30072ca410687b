import Foundation
import Testing

@testable import ArbiterPipeWire

/// The soak's leak detectors, each shown a leak of its kind and then the same resources given back.
@Suite("Leak detectors", .serialized)
struct LeakDetectorTests {
    @Test("a census reads what each descriptor of this process points to, and no longer lists one closed")
    func descriptorCensus() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let open = FileDescriptorCensus.ofThisProcess()
        let target = try #require(open.targets[ends[0]])
        #expect(target.hasPrefix("pipe:["), "\(target)")
        #expect(open.targets[ends[1]] == target, "both ends are the one pipe")
        close(ends[0])
        close(ends[1])
        // Other suites run beside this one and may reuse the number, never for this pipe.
        #expect(FileDescriptorCensus.ofThisProcess().targets[ends[0]] != target)
    }

    @Test("a leak is the descriptors beyond the baseline's count, listed by number; none when there are no more")
    func leakLine() {
        let baseline = FileDescriptorCensus(targets: [0: "/dev/null", 3: "socket:[10]"])
        let grown = FileDescriptorCensus(targets: [
            0: "/dev/null", 3: "socket:[11]", 4: "anon_inode:[eventfd]",
            9: "pipe:[12]",
        ])
        #expect(grown.opened(since: baseline) == ["3 socket:[11]", "4 anon_inode:[eventfd]", "9 pipe:[12]"])
        #expect(
            grown.leak(since: baseline, whose: "the runner")
                == "the runner leaked 2 file descriptors (2 at the start, 4 now): 3 socket:[11], 4 anon_inode:[eventfd], 9 pipe:[12]"
        )
        #expect(baseline.leak(since: grown, whose: "the runner") == nil)
        #expect(
            FileDescriptorCensus(targets: [0: "/dev/null", 5: "pipe:[13]"]).leak(since: baseline, whose: "x") == nil,
            "as many as at the start, one replacing another: not a leak")
    }

    @Test("leftovers are an open connection's stream, its link and its clients; nothing once it has closed")
    func graphLeftovers() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        #expect(GraphLeftovers(objects: try dumpGraph(daemon)).isEmpty, "the daemon's own nodes are not leftovers")
        do {
            let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
            let stream = try connection.createStream(
                nodeName: "arbiter.Left.main", app: "Left", mediaName: "main",
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
            #expect(
                left.links.count == 2
                    && left.links.allSatisfy { $0.hasSuffix("arbiter.Left.main → arbiter.port.builtInSpeaker") },
                "\(left.links)")
            // The connection, and the connection its streams are made on (streams go 32 to a connection).
            #expect(left.clients.count == 2, "\(left.clients)")
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
