import ArbiterEngine
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// The route is where the graph plays: the default sink's accessory is the newest one connected, so it is the route;
/// the default sink moved to another connected accessory makes that one the route, and pulling an accessory that is
/// not the route pauses nothing.
@Suite struct DefaultSinkRouteTests {
    func harness() throws -> LiveHarness {
        let h = try LiveHarness()
        h.graph.sink(
            5,
            ["device.form-factor": "headphone", "node.name": "wired", "device.id": "50", "node.description": "Wired"])
        h.graph.sink(
            6, ["device.api": "bluez5", "node.name": "buds", "device.id": "60", "node.description": "Buds"])
        return h
    }

    @Test func atTheStartTheDefaultSinksAccessoryIsTheRoute() throws {
        for (sink, route) in [("wired", "headphones(Wired)"), ("buds", "bluetoothA2DP(Buds)")] {
            let h = try harness()
            h.graph.defaultSink = sink
            h.graph.stream(10, name: "Music", role: "Music", pid: 100)
            h.turn(at: 0)
            #expect(h.engine.currentRoute.description.contains(route), "default \(sink): \(h.engine.currentRoute)")
        }
    }

    @Test func theDefaultSinkMovedToAnotherAccessoryMakesItTheRouteAndPausesNothing() throws {
        let h = try harness()
        h.graph.defaultSink = "wired"
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.defaultSink = "buds"
        let printed = h.turn(at: 1)
        #expect(
            printed.contains {
                $0.contains("the default sink is now buds (bluetoothHeadphones(Buds)): taken as connected anew")
            })
        #expect(h.engine.currentRoute.description.contains("bluetoothA2DP(Buds)"))
        // The wired headphones are no longer the route: pulling them pauses nothing.
        h.graph.remove(5)
        h.turn(at: 2)
        #expect(!h.graph.calls.contains("pause 10"))
        #expect(h.engine.app(AppID("Music"))?.isProducing == true)
    }

    @Test func aBuiltInDefaultSinkBesideAnAccessoryIsSaid() throws {
        let h = try harness()
        h.graph.sink(7, ["node.name": "speaker", "node.description": "Speaker"])
        h.graph.defaultSink = "speaker"
        let printed = h.turn(at: 0)
        #expect(printed.contains { $0.contains("the default sink is now speaker, a built-in output; the route stays") })
    }
}
