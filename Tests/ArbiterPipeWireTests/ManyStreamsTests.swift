import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterPipeWire

/// Many apps playing through one route: the stage comes up, every stream reaches the bus, and a route change
/// relinks them all. Times are printed for docs/reliability.md; they never decide a result.
@Suite("Many streams through one route", .serialized)
struct ManyStreamsTests {
    /// `count` mixable playback apps, all playing.
    static func setup(_ count: Int) -> Setup {
        Setup(
            apps: (1...count).map {
                AppConfig(
                    AppID("App\($0)"), backgroundModes: [.audio], category: .playback,
                    options: [.mixWithOthers])
            })
    }

    /// The suite runs 16 apps and 256 (past where one connection for all streams failed; a recorder's stream is
    /// made only when it records, so an app here is one stream). The most one stage carries, 1,024, runs with
    /// `ARBITER_MANY_STREAMS=1024`, a step of its own in tools/test.sh (each pw-dump of it takes a second, and it
    /// uses both cores while it starts: docs/reliability.md);
    /// `ARBITER_MANY_STREAMS=1` runs 64, 128, 512 and 1,024 too. Every playback stream must be running and reach
    /// the new route, read with pw-dump from outside.
    @Test("stage-up and a route change with many streams", arguments: ManyStreamsTests.counts)
    func manyStreams(count: Int) throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        do {
            try ManyStreamsTests.run(count, on: daemon)
        } catch {
            // Whether the daemon died or dropped the connection, and what it said last, for the next look.
            let log = daemon.runtimeDirectory + "/pipewire.log"
            let said: String = PrivateDaemon.lastLines(of: log)
            Issue.record("\(error); the daemon is \(daemon.isRunning ? "still running" : "gone")\(said)")
        }
    }

    static func run(_ count: Int, on daemon: PrivateDaemon) throws {
        var engine = try Engine(ManyStreamsTests.setup(count))
        for index in 1...count { engine.handle(.app(AppID("App\(index)"), .play()), at: .zero) }
        let clock = ContinuousClock()
        let start = clock.now
        let stage = try PipeWireStage(
            connection: try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0"),
            setup: ManyStreamsTests.setup(count))
        let up = clock.now
        try stage.reconcile(with: engine)
        let playing = clock.now
        for action in try stage.connect(AccessorySpec(.wiredHeadphones)) {
            engine.handle(.device(action), at: .ms(100))
        }
        let connected = clock.now
        try stage.reconcile(with: engine)
        let routed = clock.now
        print(
            "many streams: \(count) apps: stage up \(up - start), all playing \(playing - up), "
                + "connect \(connected - playing), route change \(routed - connected), "
                + "test process resident \(FileDescriptorCensus.residentKilobytes() / 1024) MB")
        var graph = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        for _ in 0..<(count > 256 ? 20 : 100)
        where !ManyStreamsTests.allOn(graph, count: count, target: "arbiter.port.headphones") {
            usleep(50_000)
            graph = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        }
        let off = (1...count).filter { graph.streams["arbiter.App\($0).main"]?.state != "running" }
        #expect(
            off.isEmpty,
            "streams not running: \(off.prefix(10).map { "App\($0) \(graph.streams["arbiter.App\($0).main"]?.state ?? "missing")" })"
        )
        let elsewhere = (1...count).filter {
            graph.streams["arbiter.App\($0).main"]?.targets != ["arbiter.port.headphones"]
        }
        #expect(elsewhere.isEmpty, "streams not reaching the headphones: \(elsewhere.prefix(10))")
    }

    /// `ARBITER_MANY_STREAMS=1`: every size up to the limit; `ARBITER_MANY_STREAMS=512,1024`: those sizes only.
    static var counts: [Int] {
        switch ProcessInfo.processInfo.environment["ARBITER_MANY_STREAMS"] {
        case nil, "", "0": [16, 256]
        case "1": [16, 64, 128, 256, 512, StreamLimits.maxPlaybackStreams]
        case let sizes?: sizes.split(separator: ",").compactMap { Int($0) }
        }
    }

    /// One app past the limit is refused before any stream is made, with an error that names the limit.
    @Test("more playback streams than one stage carries is a clear error")
    func pastTheLimit() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let count = StreamLimits.maxPlaybackStreams + 1
        let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        #expect(
            throws: PipeWireError("too many playback streams: \(count) asked for, at most 1024 (16 route buses of 64)")
        ) {
            _ = try PipeWireStage(connection: connection, setup: ManyStreamsTests.setup(count))
        }
        let graph = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        #expect(graph.streams.isEmpty, "streams made before the refusal: \(graph.streams.count)")
    }

    static func allOn(_ graph: GraphSnapshot, count: Int, target: String) -> Bool {
        (1...count).allSatisfy {
            let stream = graph.streams["arbiter.App\($0).main"]
            return stream?.state == "running" && stream?.targets == [target]
        }
    }
}
