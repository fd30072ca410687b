import Foundation
import Testing

@testable import ArbiterPipeWire

/// A link the daemon removed with its node, destroyed by the stage before it heard of the removal.
@Suite("Links gone with their node", .serialized)
struct LinkGoneWithNodeTests {
    @Test("unlinking from a node just destroyed from outside is not an error")
    func unlinkAfterOutsideDestroy() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let remote = daemon.runtimeDirectory + "/pipewire-0"
        let stage = try PipeWireConnection(remote: remote)
        let outside = try PipeWireConnection(remote: remote)
        var errors: [String] = []
        for _ in 0..<40 {
            try outside.createDeviceNode(
                name: "arbiter.port.headphones", isSource: false, positions: "[ FL FR ]",
                properties: [])
            try outside.sync()
            var seen = 0
            while !stage.nodeExists("arbiter.port.headphones") && seen < 100 {
                try stage.sync()
                seen += 1
            }
            try stage.link(group: 0, from: PipeWireStage.bus, to: "arbiter.port.headphones")
            try stage.sync()
            #expect(outside.destroyNode(named: "arbiter.port.headphones"))
            try outside.sync()
            stage.unlink(group: 0)  // may reach the daemon after it removed the links with the node
            try stage.sync()
            if !stage.lastError.isEmpty { errors.append(stage.lastError) }
            stage.clearError()
        }
        #expect(errors.isEmpty, "\(errors)")
    }
}
