import ArbiterAndroid
import ArbiterEngine
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// A program's node may appear a moment before its `media.role` is set: until its stream first runs, its
/// properties are read again, and a role that comes late re-classifies it, explained.
@Suite struct LateRoleTests {
    @Test func aRoleSetBeforeTheStreamRunsMakesItTheRolesApp() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(11, name: "mpv", role: nil, pid: 200, running: false)
        h.turn(at: 1)
        h.graph.setRole(11, "Movie")
        let printed = h.turn(at: 1.1)
        #expect(printed.contains { $0.contains("program (node 11) now has role Movie: it is app mpv-2 as role.movie") })
        #expect(printed.contains { $0.contains("no longer app mpv as role.none") })
        h.graph.set(11, running: true)
        h.turn(at: 1.2)
        // A movie is not mixable: it interrupts Music, which "no role" (mixable) would not have done.
        #expect(h.graph.calls.contains("pause 10"))
    }

    @Test func aRoleChangedAfterTheStreamRanChangesNothing() throws {
        let h = try LiveHarness()
        h.graph.stream(11, name: "mpv", role: nil, pid: 200)
        h.turn(at: 0)
        h.graph.setRole(11, "Movie")
        let printed = h.turn(at: 1)
        #expect(!printed.contains { $0.contains("now has role") })
    }

    @Test func onAndroidALateRoleGivesTheAppItsUsage() throws {
        let graph = FakeGraph()
        var lines: [String] = []
        let live = try AndroidLiveSession(graph: graph, platform: .car) { lines.append($0) }
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Maps", role: nil, pid: 200, running: false)
        live.turn(at: .ms(500))
        graph.setRole(11, "Navigation")
        graph.set(11, running: true)
        live.turn(at: .ms(600))
        #expect(
            lines.contains(
                "seen: Maps-11 now has role Navigation (usage assistanceNavigationGuidance, requests "
                    + "gainTransientMayDuck): set before it first played"))
        #expect(graph.factor(10) == live.state.setup.profile.duckLevel)
    }
}
