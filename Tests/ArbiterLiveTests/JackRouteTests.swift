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

/// A device's nodes going while the device stays is a profile switch (Bluetooth's A2DP to HFP for a call), not an
/// unplug: nothing pauses until the device itself goes.
@Suite struct ProfileSwitchTests {
    func buds(_ h: LiveHarness, node: UInt32, profile: String) {
        h.graph.sink(
            node,
            [
                "device.api": "bluez5", "device.id": "60", "api.bluez5.profile": profile,
                "node.name": "buds.\(profile)",
                "device.description": "Buds",
            ])
    }

    @Test func aBluetoothProfileSwitchIsNotADisconnection() throws {
        let h = try LiveHarness(withPlayers: false)
        h.graph.devices = [
            ProgramDevice(id: 60, name: "bluez_card.buds", description: "Buds", api: "bluez5", routes: [])
        ]
        buds(h, node: 6, profile: "a2dp-sink")
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        #expect(h.turn(at: 0).contains { $0.contains("device: connect bluetoothHeadphones(Buds)") })
        h.graph.remove(6)  // the profile switches: its A2DP node goes, its headset node comes a moment later
        let between = h.turn(at: 1)
        #expect(between.contains { $0.contains("its device is there: a profile switch, not a disconnection") })
        buds(h, node: 7, profile: "headset-head-unit")
        let after = h.turn(at: 1.1)
        #expect(!(between + after).contains { $0.contains("device: disconnect") })
        #expect(!h.graph.calls.contains("pause 10"))
        // The buds go: their device and node.
        h.graph.devices = []
        h.graph.remove(7)
        #expect(h.turn(at: 2).contains { $0.contains("device: disconnect bluetoothHeadphones(Buds)") })
        #expect(h.graph.calls.contains("pause 10"))
    }
}
