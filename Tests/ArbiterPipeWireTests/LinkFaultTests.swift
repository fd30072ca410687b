import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterPipeWire

/// Links that cannot be made: the stage falls back or fails clearly, and leaves no half-made links behind.
@Suite("Links that cannot be made", .serialized)
struct LinkFaultTests {
    /// A playback app whose player keeps playing when its route goes away.
    static let radio = AppConfig("Radio", backgroundModes: [.audio], category: .playback)
    static let headphones = AccessorySpec(.wiredHeadphones)

    /// The rig with Radio playing and the engine told of headphones the stage has plugged in, not yet applied.
    static func decidedForHeadphones() throws -> Rig {
        var rig = try Rig(Setup(apps: [LinkFaultTests.radio]))
        try rig.send(.app("Radio", .play()))
        rig.time = rig.time + .ms(100)
        for action in try rig.stage.connect(LinkFaultTests.headphones) {
            rig.engine.handle(.device(action), at: rig.time)
        }
        #expect(rig.engine.currentRoute.outputTypes == [.headphones])
        return rig
    }

    @Test(
        "the route's node destroyed between the decision and the link: the bus plays to the speaker, the unplug follows"
    )
    func nodeGoneBeforeLink() throws {
        var rig = try LinkFaultTests.decidedForHeadphones()
        defer { rig.daemon.stop() }
        let other = try PipeWireConnection(remote: rig.daemon.runtimeDirectory + "/pipewire-0")
        #expect(other.destroyNode(named: "arbiter.port.headphones"))
        try other.sync()
        try rig.stage.reconcile(with: rig.engine)
        let fallback = try rig.graph { $0.streams["arbiter.Radio.main"]?.targets == ["arbiter.port.builtInSpeaker"] }
        #expect(fallback.streams["arbiter.Radio.main"]?.targets == ["arbiter.port.builtInSpeaker"])
        let actions = try rig.stage.externalActions()
        #expect(actions == [.disconnect(LinkFaultTests.headphones)])
        for action in actions { rig.engine.handle(.device(action), at: rig.time + .ms(100)) }
        try rig.stage.reconcile(with: rig.engine)
        #expect(rig.engine.currentRoute.outputTypes == [.builtInSpeaker])
        let after = try rig.graph { $0.streams["arbiter.Radio.main"]?.state == "running" }
        #expect(after.streams["arbiter.Radio.main"]?.targets == ["arbiter.port.builtInSpeaker"])
        #expect(after.streams["arbiter.Radio.main"]?.state == "running")
    }

    @Test(
        "a link the daemon refuses (another client holds it): a clear error, and the other channel's link is taken down"
    )
    func refusedLink() throws {
        let rig = try LinkFaultTests.decidedForHeadphones()
        defer { rig.daemon.stop() }
        // Another client links the bus's left channel to the headphones first: ours is then refused.
        _ = try tool(rig.daemon, ["pw-link", "arbiter.route:monitor_FL", "arbiter.port.headphones:playback_FL"])
        try rig.stage.connection.sync()
        #expect(rig.stage.connection.linksInto("arbiter.port.headphones") == 1)
        do {
            try rig.stage.reconcile(with: rig.engine)
            Issue.record("a refused link was not reported")
        } catch {
            #expect(error.message.contains("the daemon refused a link"), "\(error)")
            #expect(error.message.contains("the route bus is unlinked"), "\(error)")
        }
        try rig.stage.connection.sync()
        #expect(rig.stage.connection.linksInto("arbiter.port.headphones") == 1, "only the other client's link is left")
        // Once the other client's link is gone, the next reconciliation links the bus.
        _ = try tool(rig.daemon, ["pw-link", "-d", "arbiter.route:monitor_FL", "arbiter.port.headphones:playback_FL"])
        try rig.stage.connection.sync()
        try rig.stage.reconcile(with: rig.engine)
        let graph = try rig.graph { $0.streams["arbiter.Radio.main"]?.targets == ["arbiter.port.headphones"] }
        #expect(graph.streams["arbiter.Radio.main"]?.targets == ["arbiter.port.headphones"])
        #expect(rig.stage.connection.linksInto("arbiter.port.headphones") == 2)
    }
}
