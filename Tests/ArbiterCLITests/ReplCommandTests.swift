import Foundation
import Testing

@Suite("arbiter repl, driven through standard input")
struct ReplCommandTests {
    @Test("a piped session declares apps, steps, explains, and exits 0 when every command worked")
    func transcript() throws {
        let input = """
            app Music category=playback background=audio commands=play,pause
            app Maps category=playback options=duckOthers background=audio
            Music play
            after 30s
            Maps play
            why Music gain
            history
            """
        let result = try CLI.run(["repl"], stdin: input + "\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Music: gain 0.2  [ducking.duck-others]"))
        #expect(result.stdout.contains("Music.gain = 0.2\n  ├─ decision: gain 0.2\n  │  ├─ rule [ducking.duck-others]"))
        #expect(result.stdout.contains("  └─ step 4 at 30s: Maps play"))
        #expect(result.stdout.contains("4  30s  Maps play"))
        #expect(!result.stdout.contains("arbiter>"), "no prompt when stdin is not a terminal")
    }

    @Test("errors are the CLI's one-line messages; the session goes on; the exit status is 1")
    func errors() throws {
        let result = try CLI.run(["repl"], stdin: "app Music\nMusic plya\nMusic play\nstate Music\n")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "repl:2:7: error: unknown app verb 'plya' (did you mean 'play'?); expected one of: activate"))
        #expect(result.stdout.contains("Music: player main playing"), "the next command still ran")
    }

    @Test("the REPL and the replayer share one decoder: the same mistake gets the same message")
    func sharedGrammar() throws {
        let repl = try CLI.run(
            ["repl"], stdin: "app Music\nMusic { setCategory: playbak }\nMusic setCategory playbak\n")
        #expect(
            repl.stdout.contains(
                "error: unknown category 'playbak' (did you mean 'playback'?); expected one of: ambient"))
        let file = try CLI.run(["replay", "Tests/ArbiterCLITests/Malformed/bad-category.yaml"])
        #expect(
            file.stdout.contains(
                "error: unknown category 'playbak' (did you mean 'playback'?); expected one of: ambient"))
    }

    @Test("save writes a scenario that replays to the same state")
    func saveRoundTrip() throws {
        let path = "/tmp/arbiter-repl-save.\(getpid()).yaml"
        defer { unlink(path) }
        let session = """
            app Music category=playback background=audio commands=play,pause
            app Maps category=playback options=duckOthers,interruptSpokenAudioAndMixWithOthers background=audio
            device connect wiredHeadphones
            Music play
            after 10s
            Maps play
            after 5s
            device ringer silent
            state
            save \(path)
            """
        let first = try CLI.run(["repl"], stdin: session + "\n")
        #expect(first.status == 0, "\(first.stdout)")
        let replayed = try CLI.run(["replay", "--quiet", path])
        #expect(replayed.status == 0, "\(replayed.stdout)")
        let again = try CLI.run(["repl", path], stdin: "run\nstate\n")
        #expect(again.status == 0, "\(again.stdout)")
        func state(_ output: String) -> [Substring] {
            let lines = output.split(separator: "\n")
            guard let start = lines.lastIndex(where: { $0.hasPrefix("time ") && $0.contains("ringer") }) else {
                return []
            }
            return Array(lines[start...].prefix { !$0.hasPrefix("saved ") })
        }
        #expect(!state(first.stdout).isEmpty)
        #expect(state(again.stdout) == state(first.stdout))
    }

    @Test("with a file, step and run play its steps and check its expectations")
    func fileSteps() throws {
        let result = try CLI.run(
            ["repl", "scenarios/interruptions/declined-call-resumes.yaml"], stdin: "step\nrun\nwhy Music playing\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("✓ Music.playing = true"))
        #expect(result.stdout.contains("(scenarios/interruptions/declined-call-resumes.yaml:"))
    }

    @Test("goto and undo put a file's cursor and clock back: the next step is the one after")
    func gotoRewindsFile() throws {
        let result = try CLI.run(
            ["repl", "scenarios/interruptions/spoken-audio.yaml"],
            stdin: "step\nstep\nstep\nstep\ngoto 1\nstep\nrun\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "at step 1, time 0s\n30s  Maps: play  (scenarios/interruptions/spoken-audio.yaml:25:5)"))
        #expect(!result.stdout.contains("✗"))
    }

    @Test("inspection mistakes are errors with hints; step without a file says what is missing")
    func inspectionErrors() throws {
        let result = try CLI.run(["repl"], stdin: "app Music\nwhy Music gian\nstep\nrun\nhelp play\n")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "repl:2:11: error: unknown property 'gian' (did you mean 'gain'?); expected one of: active"))
        #expect(result.stdout.contains("repl:3:1: error: no file is loaded; expected `arbiter repl FILE`"))
        #expect(result.stdout.contains("repl:4:1: error: no file is loaded"))
        #expect(result.stdout.contains("APP play [PLAYER]  play every player, or PLAYER"), "help for a verb")
    }

    @Test("a file with a repeated key is refused at the repeat, as replay refuses it")
    func repeatedKeyInFile() throws {
        let result = try CLI.run(["repl", "Tests/ArbiterCLITests/Malformed/duplicate-key.yaml"], stdin: "")
        #expect(result.status == 2)
        #expect(
            result.stdout == "Tests/ArbiterCLITests/Malformed/duplicate-key.yaml:3:1: error: the key 'apps' is "
                + "already in this mapping (at 2:1); expected each key once\n")
    }
}
