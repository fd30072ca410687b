import ArbiterPipeWire
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter attach --role-policy meet` beside WirePlumber 0.4 running the repository's role nodes
/// (`tools/wireplumber`: every role mixes, and the nodes' volumes are not saved): Music programs are lowered at the Multimedia
/// node they are linked through, in one set, their own streams untouched; the guard puts the node back if attach is
/// killed. Every outcome is read with `pw-dump`.
@Suite(.serialized) struct AttachMeetingPointTests {
    static let multimedia = "control.endpoint.multimedia"
    static let navigation = "control.endpoint.navigation"

    @Test func musicIsLoweredAtItsRoleNodeAndTheGuardPutsTheNodeBack() throws {
        let graph = try LiveGraph(roleNodes: true)
        try graph.wait("WirePlumber to make its role nodes") { try graph.roleNodeVolumes(Self.multimedia) != nil }
        let rules = "\(graph.directory)/meet.yaml"
        try """
        rolePolicy: meet
        programs:
          - match: { media.role: Music }
            category: playback
            options: [mixWithOthers]
            backgroundModes: [audio]

        """.write(toFile: rules, atomically: true, encoding: .utf8)
        let long = graph.tone(seconds: 60, name: "long.wav")
        for name in ["Radio", "Podcast", "Player"] { _ = try graph.play(name, role: "Music", file: long) }
        try graph.wait("the Music programs to run") {
            try ["Radio", "Podcast", "Player"].allSatisfy { try graph.nodes(of: $0).first?.state == "running" }
        }
        try graph.startAttach(["--rules", rules])
        #expect(graph.output.contains("lowered where they meet"))
        let prompt = try graph.play("Maps", role: "Navigation", file: graph.tone(seconds: 60, name: "prompt.wav"))
        try graph.wait("the Multimedia node to be lowered to the duck level") {
            try graph.roleNodeVolumes(Self.multimedia)?.allSatisfy { abs($0 - 0.2) < 0.01 } ?? false
        }
        // The programs' own streams carry nothing of it, and the prompt's node is left alone.
        for name in ["Radio", "Podcast", "Player"] {
            let node = try #require(try graph.nodes(of: name).first)
            #expect(node.softVolumes.allSatisfy { $0 == 1 } && node.channelVolumes.allSatisfy { $0 == 1 }, "\(name)")
        }
        #expect(try graph.roleNodeVolumes(Self.navigation)?.allSatisfy { $0 == 1 } == true)
        graph.session.stop(prompt)
        try graph.wait("the Multimedia node to come back up") {
            try graph.roleNodeVolumes(Self.multimedia)?.allSatisfy { $0 > 0.99 } ?? false
        }
        // Lowered again, and attach killed: its guard puts the node back from the ledger.
        _ = try graph.play("Maps", role: "Navigation", file: graph.tone(seconds: 60, name: "prompt2.wav"))
        try graph.wait("the Multimedia node to be lowered again") {
            try graph.roleNodeVolumes(Self.multimedia)?.allSatisfy { $0 < 0.5 } ?? false
        }
        #expect(!graph.stopAttach(SIGKILL))
        try graph.wait("the guard to put the Multimedia node back") {
            try graph.roleNodeVolumes(Self.multimedia)?.allSatisfy { $0 > 0.99 } ?? false
        }
        // WirePlumber saved nothing of the role nodes (it saves the volume of every other node with no device).
        let saved =
            (try? String(contentsOfFile: "\(graph.session.stateDirectory)/restore-stream", encoding: .utf8)) ?? ""
        #expect(saved.contains("arbiter.port.builtInSpeaker"), "\(saved)")
        #expect(!saved.contains("control.endpoint"), "\(saved)")
    }
}
