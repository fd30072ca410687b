import ArbiterAndroid
import ArbiterEngine
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// One prompt, one duck: espeak-ng opens a stream for a few milliseconds before each prompt. A stream that played
/// only a breath (`LiveBackend.breath`) leaves its app playing for the hold (`LiveBackend.shortStreamHold`), and a
/// stream of the same program that runs within it carries the app on: Music is lowered once, not lowered, raised and
/// lowered again. A prompt longer than a breath raises Music as soon as it ends.
@Suite struct PromptHoldTests {
    @Test func aPromptsFirstBreathAndThePromptDuckMusicOnce() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(11, name: "espeak", role: "Navigation", pid: 200)
        h.turn(at: 1)
        h.turn(at: 1.005)
        h.graph.remove(11)  // the first breath: a few milliseconds
        let held = h.turn(at: 1.01)
        #expect(held.contains { $0.contains("espeak is held for 1s: its stream ran only a breath") })
        h.turn(at: 1.5)
        h.turn(at: 1.7)
        #expect(h.graph.factor(10) < 1)  // still lowered between the two streams
        h.graph.stream(12, name: "espeak", role: "Navigation", pid: 200)
        let carried = h.turn(at: 1.71)
        #expect(carried.contains { $0.contains("runs within the hold of its app's last stream: espeak plays on") })
        #expect(!carried.contains { $0.contains("espeak: play") })
        h.turn(at: 3)
        let raisesBefore = h.printed.lines.filter { $0.contains("interruption") || $0.contains("unduck") }.count
        h.graph.remove(12)  // the prompt itself ran long: it ends at once
        h.turn(at: 3.7)
        h.turn(at: 6)
        #expect(h.graph.factor(10) == 1)
        #expect(raisesBefore == 0)
    }

    @Test func aShortStreamNobodyCarriesOnStopsWhenTheHoldIsOver() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(11, name: "espeak", role: "Navigation", pid: 200)
        h.turn(at: 1)
        h.graph.remove(11)
        h.turn(at: 1.01)
        let over = h.turn(at: 2.1)
        #expect(over.contains { $0.contains("espeak's hold is over with no stream running: it stops") })
        h.turn(at: 5)
        #expect(h.graph.factor(10) == 1)
    }

    @Test func onAndroidAPromptsFirstBreathAndThePromptDuckMusicOnce() throws {
        let graph = FakeGraph()
        var lines: [String] = []
        let live = try AndroidLiveSession(graph: graph, platform: .car) { lines.append($0) }
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "espeak", role: "Navigation", pid: 200)
        live.turn(at: .ms(1000))
        graph.remove(11)
        live.turn(at: .ms(1010))
        live.turn(at: .ms(1700))
        #expect(graph.factor(10) == live.state.setup.profile.duckLevel)
        graph.stream(12, name: "espeak", role: "Navigation", pid: 200)
        live.turn(at: .ms(1710))
        #expect(
            lines.contains("seen: espeak-11's program opened another stream (node 12) within the hold: it plays on"))
        live.turn(at: .ms(3000))
        graph.remove(12)
        live.turn(at: .ms(3010))
        live.turn(at: .ms(6000))
        #expect(graph.factor(10) == 1)
        // Lowered once and raised once: the first breath neither raised Music nor lowered it a second time.
        #expect(lines.filter { $0.hasPrefix("  Music-10: ducked") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("  Music-10: unducked") }.count == 1)
    }

    @Test func aShortPromptLongerThanABreathRaisesMusicAtOnce() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        h.turn(at: 1)
        h.turn(at: 1.2)
        h.graph.remove(11)  // a 300 ms prompt
        let ended = h.turn(at: 1.3)
        #expect(!ended.contains { $0.contains("is held") })
        #expect(ended.contains { $0.contains("Maps: stop") })
    }
}
