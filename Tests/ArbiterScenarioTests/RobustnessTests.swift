import ArbiterEngine
import Testing

@testable import ArbiterScenario

/// Whatever the bytes, the parser answers with a scenario or with positioned errors: no crash, no hang.
@Suite("Robustness")
struct RobustnessTests {
    static let seed = """
        scenario: Fuzz seed
        profile: { duckLevel: 0.2 }
        device: { accessories: [wiredHeadphones], foreground: Music }
        apps:
          Music:
            backgroundModes: [audio]
            category: playback
            players: { main: avPlayer }
            remoteCommands: [play, pause]
            reactions: { interruptionEnded: resumeIfShouldResume }
          Maps: { category: playback, options: [duckOthers] }
        steps:
          - Music: play
          - after: 1s
            Maps: activate
          - expect:
              Music: { ducked: true, gain: 0.2 }
              events: []
          - system: incomingCall
          - device: { disconnect: wiredHeadphones }
        """

    /// A small deterministic generator (xorshift), so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static let alphabet = Array(" \n\t:-[]{},#&*!|>'\"%@`?0123456789abcdefghijklmnopqrstuvwxyzAMPSé\u{0}\u{FEFF}")

    @Test("thousands of mutated files: each parses or fails with positions inside the file, and valid ones replay")
    func mutations() {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        let seed = Array(RobustnessTests.seed)
        var parsed = 0
        var rejected = 0
        for _ in 0..<3000 {
            var text = seed
            for _ in 0..<(1 + random.next(4)) {
                let index = random.next(text.count)
                switch random.next(4) {
                case 0: text.remove(at: index)
                case 1: text.insert(RobustnessTests.alphabet[random.next(RobustnessTests.alphabet.count)], at: index)
                case 2: text[index] = RobustnessTests.alphabet[random.next(RobustnessTests.alphabet.count)]
                default:
                    let length = min(text.count - index, random.next(20))
                    text.insert(contentsOf: text[index..<(index + length)], at: index)
                }
            }
            let source = String(text)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count
            switch ScenarioParser.parse(source, file: "fuzz.yaml") {
            case .success(let scenario):
                parsed += 1
                _ = Replayer.replay(scenario)
            case .failure(let errors):
                rejected += 1
                #expect(!errors.diagnostics.isEmpty)
                for diagnostic in errors.diagnostics {
                    #expect(diagnostic.position.line >= 1 && diagnostic.position.line <= lines + 1, "\(diagnostic)")
                    #expect(diagnostic.position.column >= 1, "\(diagnostic)")
                }
            }
        }
        #expect(parsed > 0 && rejected > 0)
    }

    @Test("deep nesting is refused before it can exhaust the stack", arguments: ["brackets", "dashes", "braces"])
    func deepNesting(kind: String) {
        let text =
            switch kind {
            case "brackets": String(repeating: "[", count: 100_000)
            case "dashes": "\n  " + String(repeating: "- ", count: 50_000) + "x"
            default: String(repeating: "{a: ", count: 20_000)
            }
        let result = ScenarioParser.parse("scenario: x\napps: {A: {}}\nsteps: " + text, file: "deep.yaml")
        guard case .failure(let errors) = result else {
            Issue.record("accepted")
            return
        }
        #expect(errors.diagnostics.first?.message.contains("nests more than") == true)
    }

    @Test("random bytes never crash the parser")
    func randomBytes() {
        var random = Random(state: 42)
        for _ in 0..<500 {
            let length = random.next(400)
            let scalars = (0..<length).map { _ in Character(UnicodeScalar(UInt8(random.next(128)))) }
            _ = ScenarioParser.parse(String(scalars), file: "bytes.yaml")
        }
    }
}
