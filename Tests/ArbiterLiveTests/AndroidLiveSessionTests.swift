import ArbiterAndroid
import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// Android's focus over a graph of the tests' own: what streams doing becomes, and what is then done to them.
@Suite struct AndroidLiveSessionTests {
    final class Lines { var all: [String] = [] }

    func session(_ platform: FocusPlatform = .car) throws -> (AndroidLiveSession, FakeGraph, Lines) {
        let graph = FakeGraph()
        let lines = Lines()
        let live = try AndroidLiveSession(graph: graph, platform: platform) { lines.all.append($0) }
        return (live, graph, lines)
    }

    @Test func theRoleTableGivesEachRoleItsUsageAndRequest() {
        let expected: [(String?, Usage, FocusGain)] = [
            ("Music", .media, .gain), ("Movie", .media, .gain), (nil, .media, .gain), ("", .media, .gain),
            ("Game", .game, .gain), ("Navigation", .assistanceNavigationGuidance, .gainTransientMayDuck),
            ("Phone", .voiceCommunication, .gainTransient), ("communication", .voiceCommunication, .gainTransient),
            ("Notification", .notification, .gainTransientMayDuck), ("Alarm", .alarm, .gainTransient),
            ("Assistant", .assistant, .gainTransient), ("Emergency", .emergency, .gainTransient),
            ("Accessibility", .assistanceAccessibility, .gainTransientMayDuck),
            ("Announcement", .announcement, .gainTransientMayDuck), ("Production", .media, .gain),
        ]
        for (role, usage, gain) in expected {
            let row = AndroidRoleUsage.forRole(role)
            #expect(row.usage == usage, "\(role ?? "nil")")
            #expect(row.gain == gain, "\(role ?? "nil")")
        }
        #expect(!AndroidRoleUsage.knows("Production"))
    }

    @Test func aNavigationPromptDucksMusicInTheCarAndMusicComesBackAfterIt() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        #expect(lines.all.contains { $0.hasPrefix("seen: Music-10 (Music, usage media, requests gain)") })
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(1000))
        #expect(lines.all.contains("seen: Maps-11 (Navigation, usage assistanceNavigationGuidance) running"))
        let duck = live.state.setup.profile.duckLevel
        #expect(graph.factor(10) == duck)
        #expect(lines.all.contains { $0.hasPrefix("⇒ Music-10 softVolumes") && $0.hasSuffix("[live.duck]") })
        graph.remove(11)
        live.turn(at: .ms(2000))
        live.turn(at: .ms(3000))
        #expect(graph.factor(10) == 1)
        #expect(!graph.calls.contains { $0.hasPrefix("pause") })
    }

    @Test func aCallCorksMusicInTheCarAndStartsItAgainAfterTheCall() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(20, name: "Dialer", role: "Communication", pid: 300)
        live.turn(at: .ms(1000))
        #expect(graph.calls.contains("pause 10"))
        #expect(lines.all.contains("⇒ Music-10 corked  [live.cork]"))
        #expect(lines.all.contains { $0.hasPrefix("→ Music-10: lossTransient") })
        graph.set(10, running: false)  // the cork holds it
        live.turn(at: .ms(2000))
        #expect(live.state.state(of: AppID("Music-10"))?.players["main"] == .paused)
        graph.remove(20)
        live.turn(at: .ms(3000))
        #expect(graph.calls.last == "start 10")
        #expect(lines.all.contains { $0.hasPrefix("→ Music-10: gain") })
        graph.set(10, running: true)
        live.turn(at: .ms(3100))
        #expect(live.state.state(of: AppID("Music-10"))?.players["main"] == .started)
    }

    @Test func aProgramAppearingLaterRebuildsTheEngineWithTheFocusAsItWas() throws {
        let (live, graph, _) = try session(.phone)
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(500))
        graph.stream(12, name: "Beep", role: "Notification", pid: 300, running: false)
        live.turn(at: .ms(5000))
        #expect(live.state.apps.map(\.name) == ["Music-10", "Maps-11", "Beep-12"])
        #expect(live.state.focusOwner == .app(AppID("Maps-11")))
        #expect(live.state.state(of: AppID("Music-10"))?.ducked == true)
    }

    @Test func whenNothingPlaysTheAppsThatLeftAreDropped() throws {
        let (live, graph, _) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.remove(10)
        graph.stream(11, name: "Radio", role: "Music", pid: 101, running: false)
        live.turn(at: .ms(1000))
        #expect(live.state.apps.map(\.name) == ["Radio-11"])
    }

    @Test func leavingPutsVolumesBackAndStartsWhatWasCorked() throws {
        let (live, graph, _) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        graph.stream(11, name: "Video", role: "Movie", pid: 101, running: false)
        live.turn(at: .ms(0))
        graph.stream(12, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(1000))
        #expect(graph.factor(10) < 1)
        graph.set(11, running: true)  // the video takes focus for good: Music loses it and pauses
        live.turn(at: .ms(2000))
        #expect(graph.calls.contains("pause 10"))
        let before = graph.calls.count
        live.leave()
        #expect(graph.factor(10) == 1)
        #expect(graph.calls[before...].contains("start 10"))
    }

    @Test func manyPromptsOverMusicKeepTheEventsBoundedAndTheFocusAsItWas() throws {
        let (live, graph, _) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200, running: false)
        var t: Int64 = 1000
        for _ in 0..<1500 {
            graph.set(11, running: true)
            live.turn(at: .ms(t))
            graph.set(11, running: false)
            live.turn(at: .ms(t + 10))
            live.turn(at: .ms(t + 200))
            t += 300
        }
        #expect(live.events.count <= AndroidLiveSession.eventsKept)
        #expect(live.state.focusOwner == .app(AppID("Music-10")))
        #expect(graph.factor(10) == 1)
        graph.set(11, running: true)
        live.turn(at: .ms(t))
        #expect(graph.factor(10) == live.state.setup.profile.duckLevel)
    }

    @Test func theRoleTableIsInTheDocs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/linux.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Android's focus on a live graph").last)
        for row in AndroidRoleUsage.all {
            let line = section.split(separator: "\n").first { $0.contains("| `\(row.roles[0])`") }
            #expect(line?.contains("| `\(row.usage)` | `\(row.gain)` |") == true, "\(row.roles[0])")
        }
    }

    @Test func aNodeIdTheDaemonReusesMakesANewApp() throws {
        let (live, graph, _) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(0))
        graph.remove(11)
        live.turn(at: .ms(1000))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 201)
        live.turn(at: .ms(2000))
        #expect(live.state.apps.map(\.name) == ["Music-10", "Maps-11", "Maps-11-2"])
        #expect(graph.factor(10) == live.state.setup.profile.duckLevel)
    }

    @Test func onThePhoneANavigationPromptDucksMusicWithARampAndSaysSoTwice() throws {
        let (live, graph, lines) = try session(.phone)
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        #expect(live.turn(at: .ms(1000)))  // a ramp is under way
        let first = graph.factor(10)
        live.turn(at: .ms(1250))
        #expect(graph.factor(10) < first)
        live.turn(at: .ms(1600))
        let profile = live.state.setup.profile
        #expect(graph.factor(10) == (profile.strongDuckLevel * 1000).rounded() / 1000)
        let said = lines.all.filter { $0.hasPrefix("⇒ Music-10 softVolumes") }
        #expect(said.count == 2)
        #expect(said.first?.hasSuffix("ramping  [live.duck]") == true)
    }
}
