import ArbiterAndroid
import ArbiterEngine
import ArbiterScenario
import Foundation
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// `rolePolicy: meet`: programs linked into a session manager's role node (WirePlumber 0.4's endpoints) are lowered
/// there, in one set however many there are, when every stream running through the node is lowered alike; each
/// program's own softVolumes carry only what differs.
@Suite struct MeetingPointTests {
    /// Three Music programs that mix (as on a car's or a desktop's graph) through the Multimedia role node, a
    /// prompt through the Navigation one.
    private func harness() throws -> LiveHarness {
        let rules = try ProgramRulesParser.parse(
            """
            rolePolicy: meet
            programs:
              - match: { media.role: Music }
                category: playback
                options: [mixWithOthers]
                backgroundModes: [audio]
            """, file: "meet.yaml"
        ).get()
        #expect(rules.rolePolicy == .meet)
        let h = try LiveHarness(rules: rules)
        h.live.hands.meetsAtRoleNodes = true
        h.graph.roleNode(50, role: "multimedia")
        h.graph.roleNode(51, role: "navigation")
        for id: UInt32 in [10, 11, 12] {
            h.graph.stream(id, name: "Music\(id)", role: "Music", pid: Int32(100 + id))
            h.graph.link(id, into: 50)
        }
        h.turn(at: 0)
        return h
    }

    /// A prompt (espeak, node 20) linked through `node` starts at 1 s, and its duck's ramp runs to its end.
    private func prompt(_ h: LiveHarness, through node: UInt32) {
        h.graph.stream(20, name: "espeak", role: "Navigation", pid: 200)
        h.graph.link(20, into: node)
        h.turn(at: 1)
        for step in 1...30 { h.turn(at: 1 + Double(step) * 0.025) }
    }

    @Test func aDuckOfEveryProgramThroughARoleNodeIsOneVolumeThere() throws {
        let h = try harness()
        h.graph.calls = []
        prompt(h, through: 51)
        let duckLevel = h.engine.profile.duckLevel
        // The role node carries the duck over its own volume; the programs' own streams are not touched.
        #expect(h.graph.nodes[50]!.channelVolumes.map(Double.init).allSatisfy { abs($0 - duckLevel) < 0.001 })
        #expect(!h.graph.calls.contains { $0.hasPrefix("soft 1") })
        #expect(h.graph.calls.filter { $0.hasPrefix("channel 50") }.count > 1)  // a ramp, step by step
        #expect([10, 11, 12].allSatisfy { h.graph.factor($0) == 1 })
        #expect(h.graph.nodes[51]!.channelVolumes == [1, 1])
        // Written down for the guard: the node and its own volume.
        h.graph.remove(20)
        h.turn(at: 3)
        for step in 1...30 { h.turn(at: 3 + Double(step) * 0.025) }
        #expect(h.graph.nodes[50]!.channelVolumes == [1, 1])
    }

    @Test func aRoleNodeThatCarriesAStreamNotLoweredLeavesEachProgramItsOwnDuck() throws {
        let h = try harness()
        // The prompt plays through the same role node: lowering the node would lower it too.
        prompt(h, through: 50)
        let duckLevel = h.engine.profile.duckLevel
        #expect(h.graph.nodes[50]!.channelVolumes == [1, 1])
        #expect([10, 11, 12].allSatisfy { abs(h.graph.factor($0) - duckLevel) < 0.001 })
        #expect(h.graph.factor(20) == 1)
    }

    @Test func theGainMovesBetweenTheNodeAndItsProgramsWithoutEverBeingLouder() throws {
        let h = try harness()
        prompt(h, through: 51)
        // A stream the policy does not lower starts running through the Multimedia node: another navigation
        // program's prompt, linked there.
        h.graph.calls = []
        h.graph.stream(30, name: "Routes", role: "Navigation", pid: 300, running: false)
        h.graph.link(30, into: 50)
        h.turn(at: 2)
        let before = h.graph.calls.count
        h.graph.set(30, running: true)
        h.turn(at: 2.01)
        let moved = Array(h.graph.calls[before...])
        // The programs are lowered first, then the node raised: for a moment quieter, never louder.
        let firstRaise = moved.firstIndex { $0.hasPrefix("channel 50") }
        let lastLower = moved.lastIndex { $0.hasPrefix("soft 1") }
        #expect(firstRaise != nil && lastLower != nil && lastLower! < firstRaise!)
    }

    @Test func theUsersVolumeOnTheRoleNodeIsKeptUnderTheDuck() throws {
        let h = try harness()
        prompt(h, through: 51)
        let duckLevel = Float(h.engine.profile.duckLevel)
        h.graph.userSets(50, volume: 0.5)
        h.turn(at: 2)
        #expect(abs(h.graph.nodes[50]!.channelVolumes[0] - 0.5 * duckLevel) < 0.001)
        h.graph.remove(20)
        h.turn(at: 3)
        for step in 1...30 { h.turn(at: 3 + Double(step) * 0.025) }
        #expect(h.graph.nodes[50]!.channelVolumes == [0.5, 0.5])
    }

    @Test func theLedgerListsALoweredRoleNodeAndTheGuardPutsItBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("meet-\(getpid()).ledger").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let graph = FakeGraph()
        let ledger = LeaveLedger(path: path)
        var lines: [String] = []
        let live = try AndroidLiveSession(graph: graph, platform: .car, ledger: ledger) { lines.append($0) }
        live.hands.meetsAtRoleNodes = true
        graph.roleNode(50, role: "multimedia")
        graph.roleNode(51, role: "navigation")
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        graph.stream(11, name: "Radio", role: "Music", pid: 101, running: false)
        graph.link(10, into: 50)
        graph.link(11, into: 50)
        live.turn(at: .ms(0))
        graph.stream(20, name: "espeak", role: "Navigation", pid: 200)
        graph.link(20, into: 51)
        for ms in stride(from: 1000, through: 2000, by: 25) { live.turn(at: .ms(Int64(ms))) }
        let level = Float(live.state.setup.profile.duckLevel)
        #expect(abs(graph.nodes[50]!.channelVolumes[0] - level) < 0.001)
        #expect(graph.factor(10) == 1)
        let entries = LeaveLedger.read(path: path)
        #expect(entries.contains { $0.node == 50 && $0.ownVolumes == [1, 1] })
        // Killed: the guard reads the ledger and puts the node back.
        let undone = LeaveLedger.undo(path: path, graph: graph, players: nil)
        #expect(undone.contains("role node 50: volume back to its own"))
        #expect(graph.nodes[50]!.channelVolumes == [1, 1])
    }
}
