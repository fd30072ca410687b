import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterPipeWire

/// A port node destroyed and made again under the same name is a new node: what was linked to the old one must
/// be linked again. Found by `arbiter soak` (docs/reliability.md).
@Suite("Accessories plugged back", .serialized)
struct ReplugTests {
    @Test("a recorder that stopped while its headset was unplugged records from it again once it is plugged back")
    func recorderAfterReplug() throws {
        let headset = AccessorySpec(.wiredHeadset)
        let call = AppConfig("Call", backgroundModes: [.audio, .voip], category: .playAndRecord, mode: .voiceChat)
        var rig = try Rig(Setup(device: DeviceConfig(foreground: call.name, accessories: [headset]), apps: [call]))
        defer { rig.daemon.stop() }
        try rig.send(.app(call.name, .activate))
        try rig.send(.app(call.name, .record))
        try rig.send(.app(call.name, .stopRecording))
        // Unplugged from outside, as `pw-cli destroy` would.
        let outside = try PipeWireConnection(remote: rig.daemon.runtimeDirectory + "/pipewire-0")
        #expect(outside.destroyNode(named: "arbiter.port.headphones"))
        try outside.sync()
        var actions: [DeviceAction] = []
        for _ in 0..<100 where actions.isEmpty { actions = try rig.stage.externalActions() }
        #expect(actions == [.disconnect(headset)])
        for action in actions { try rig.send(.device(action)) }
        try rig.send(.device(.connect(headset)))
        try rig.send(.app(call.name, .record))
        let recorder = "arbiter.Call.recorder"
        let graph = try rig.graph { $0.streams[recorder]?.state == "running" }
        #expect(graph.streams[recorder]?.state == "running")
        #expect(graph.streams[recorder]?.targets == ["arbiter.port.headsetMic"])
    }
}
