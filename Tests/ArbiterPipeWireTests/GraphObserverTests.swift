import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterPipeWire

/// The observer connection the replay reads the graph back from: what it shows is what pw-dump, another process,
/// shows of the same daemon.
@Suite("The graph observer, against pw-dump", .serialized)
struct GraphObserverTests {
    @Test("once settled, the observer and pw-dump show the same streams: states, volumes, mutes and targets")
    func sameAsPWDump() throws {
        var rig = try Rig(Setup(apps: [StageTests.music, StageTests.maps]))
        defer { rig.daemon.stop() }
        let observer = try GraphObserver(remote: rig.daemon.runtimeDirectory + "/pipewire-0")
        try rig.send(.device(.connect(AccessorySpec(.wiredHeadphones))))
        try rig.send(.app("Music", .play()))
        try rig.send(.app("Maps", .play()))
        let seen = try observer.snapshot(settlingWithin: 5, until: rig.stage.isSettled)
        let dumped = try rig.graph(until: rig.stage.isSettled)
        #expect(rig.stage.isSettled(seen))
        #expect(seen.streams == dumped.streams)
        // What the model said, as both see it: Music ducked under Maps, both playing to the headphones.
        #expect(seen.streams["arbiter.Music.main"]?.volume == 0.2)
        #expect(seen.streams["arbiter.Music.main"]?.mute == false)
        #expect(seen.streams["arbiter.Maps.main"]?.targets == ["arbiter.port.headphones"])
        #expect(seen.streams["arbiter.Maps.main"]?.state == "running")
        #expect(seen.streams["arbiter.Maps.recorder"]?.state != "running")
    }

    @Test("a node destroyed by another client wakes a wait for change, and the next snapshot shows it gone")
    func wakesOnChange() throws {
        var rig = try Rig(Setup(ios: 16, apps: [StageTests.maps]))
        defer { rig.daemon.stop() }
        try rig.send(.device(.connect(AccessorySpec(.wiredHeadphones))))
        try rig.send(.app("Maps", .play()))
        let observer = try GraphObserver(remote: rig.daemon.runtimeDirectory + "/pipewire-0")
        let before = try observer.snapshot(settlingWithin: 5, until: rig.stage.isSettled)
        #expect(before.streams["arbiter.Maps.main"]?.targets == ["arbiter.port.headphones"])
        let outside = try PipeWireConnection(remote: rig.daemon.runtimeDirectory + "/pipewire-0")
        #expect(outside.destroyNode(named: "arbiter.port.headphones"))
        try outside.sync()
        #expect(try observer.waitForChange(milliseconds: 5000))
        let after = try observer.snapshot()
        // The bus lost its only target: Maps reaches nothing until the stage relinks it.
        #expect(after.streams["arbiter.Maps.main"]?.targets == [])
    }

    @Test("a daemon gone under the observer is an error, not a hang")
    func daemonGone() throws {
        let daemon = try PrivateDaemon()
        let observer = try GraphObserver(remote: daemon.runtimeDirectory + "/pipewire-0")
        _ = try observer.snapshot()
        daemon.stop()
        #expect(throws: PipeWireError.self) { try observer.snapshot(timeoutMilliseconds: 5000) }
        #expect(!observer.isAlive)
    }
}
