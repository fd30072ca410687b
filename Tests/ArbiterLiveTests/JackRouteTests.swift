import ArbiterEngine
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// A headphone jack is not a sink: on ALSA hardware plugging or pulling it changes the availability of a route of the
/// same device, and no node comes or goes. The route's port type says which accessory it is.
@Suite struct JackRouteTests {
    @Test func pluggingTheJackConnectsHeadphonesAndPullingItPausesMusic() throws {
        let h = try LiveHarness(withPlayers: false)
        h.graph.card(40, plugged: false)
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        let first = h.turn(at: 0)
        #expect(!first.contains { $0.contains("device: connect") })
        h.graph.card(40, plugged: true)
        let plugged = h.turn(at: 1)
        #expect(plugged.contains { $0.contains("device: connect wiredHeadphones(Headphones)") })
        #expect(h.engine.currentRoute.description.contains("headphones(Headphones)"))
        #expect(!h.graph.calls.contains("pause 10"))
        h.graph.card(40, plugged: false)
        let pulled = h.turn(at: 2)
        #expect(pulled.contains { $0.contains("device: disconnect wiredHeadphones(Headphones)") })
        #expect(h.graph.calls.contains("pause 10"))  // Music pauses: oldDeviceUnavailable
    }

    @Test func theSoundCardGoingAwayDisconnectsItsJack() throws {
        let h = try LiveHarness(withPlayers: false)
        h.graph.card(40, plugged: true)
        h.turn(at: 0)
        h.graph.devices = []
        #expect(h.turn(at: 1).contains { $0.contains("device: disconnect wiredHeadphones(Headphones)") })
    }

    @Test func thePortTypesThatAreAccessories() {
        let table: [(String, Bool, AccessoryKind?)] = [
            ("headphones", true, .wiredHeadphones), ("headset", true, .wiredHeadset), ("headset", false, .wiredHeadset),
            ("hdmi", true, .hdmi), ("tv", true, .hdmi), ("usb", true, .usbInterface), ("car", true, .carPlay),
            ("speaker", true, nil), ("handset", true, nil), ("earpiece", true, nil), ("mic", false, nil),
            ("line", true, nil), ("headphones", false, nil), ("", true, nil),
        ]
        for (type, output, kind) in table {
            #expect(DeviceNode.accessory(port: type, output: output) == kind, "\(type) \(output ? "out" : "in")")
        }
    }
}
