import ArbiterPipeWire
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter attach` on a private graph with WirePlumber, against real programs: `pw-play`, `paplay` through
/// pipewire-pulse, and the stand-in player, which answers MPRIS on the graph's own session bus and logs what it is
/// told. Every outcome is read from outside: `pw-dump`, and the stand-in's log.
@Suite(.serialized) struct AttachTests {
    @Test func aNavigationPromptDucksMusicWithoutTouchingItsOwnVolume() throws {
        let graph = try LiveGraph()
        let long = graph.tone(seconds: 60, name: "long.wav")
        _ = try graph.play("Music", role: "Music", file: long)
        try graph.wait("Music to run") { try graph.nodes(of: "Music").first?.state == "running" }
        try graph.startAttach()
        // The prompt plays until the test ends it, so that the duck is there to be read however slow the machine.
        let prompt = try graph.play("Maps", role: "Navigation", file: graph.tone(seconds: 60, name: "prompt.wav"))
        try graph.wait("Music to be ducked to the profile's level") {
            try graph.factor(of: "Music").map { abs($0 - 0.2) < 0.01 } ?? false
        }
        #expect(try graph.nodes(of: "Music").first?.channelVolumes.allSatisfy { $0 == 1 } == true)
        try graph.wait("the duck to be explained") {
            graph.output.contains("[ducking.duck-others]") && graph.output.contains("[live.soft-volume]")
        }
        // The prompt ends: Maps deactivates with notifyOthers, and Music comes back up.
        graph.session.stop(prompt)
        try graph.wait("Music to come back up") { try graph.factor(of: "Music").map { $0 > 0.99 } ?? false }
        #expect(graph.stopAttach())
        // WirePlumber saved no duck as Music's volume.
        let saved =
            (try? String(contentsOfFile: "\(graph.session.stateDirectory)/restore-stream", encoding: .utf8)) ?? ""
        #expect(!saved.contains("0.2"))
    }

    @Test func aCallPausesAPlayerOverMPRISAndResumesItAfterwards() throws {
        let graph = try LiveGraph(pulse: true)
        let player = try graph.standIn("Lollypop", role: "Music", mpris: true)
        try graph.wait("the stand-in to play") { graph.log(player.log).contains { $0.hasPrefix("ready") } }
        try graph.startAttach()
        // A call through pipewire-pulse: paplay's phone role is mapped to Communication.
        let call = try graph.session.spawn(
            [
                "/usr/bin/paplay", "--property=media.role=phone",
                graph.tone(seconds: 60, name: "call.wav"),
            ], log: "\(graph.directory)/paplay.log")
        try graph.wait("the player to be told to pause") { graph.log(player.log).contains("mpris Pause") }
        // Arbiter prints what it did once it has done it: the player may log the call first.
        try graph.wait("the call and the pause to be explained") {
            graph.output.contains("system: answerCall") && graph.output.contains("[live.pause-mpris]")
        }
        graph.session.stop(call)
        try graph.wait("the player to be told to play") { graph.log(player.log).contains("mpris Play") }
        try graph.wait("the resume to be explained") { graph.output.contains("[live.resume-own]") }
        #expect(graph.stopAttach())
    }

    @Test func aHeadphoneJackPluggedAndPulledOnASoundCardIsARouteChange() throws {
        let graph = try LiveGraph()
        let player = try graph.standIn("Lollypop", role: "Music", mpris: true)
        try graph.wait("the stand-in to play") { graph.log(player.log).contains { $0.hasPrefix("ready") } }
        // A sound card whose jack is a route, as ALSA's devices publish it: no node comes or goes.
        let cardLog = "\(graph.directory)/card.log"
        let card = try graph.session.spawn(
            [CLI.executable(named: "arbiter-standin").path, "--name", "Card", "--device", "--log", cardLog])
        try graph.wait("the sound card") { graph.log(cardLog).contains("device unplugged") }
        try graph.startAttach()
        kill(card, SIGUSR1)
        try graph.wait("the jack to be a wired headphones' connection") {
            graph.output.contains("device: connect wiredHeadphones(Headphones)")
        }
        #expect(!graph.log(player.log).contains("mpris Pause"))
        kill(card, SIGUSR1)
        try graph.wait("the pulled jack to be a disconnection") {
            graph.output.contains("device: disconnect wiredHeadphones(Headphones)")
        }
        // Music pauses as iOS pauses it when its headphones go (oldDeviceUnavailable).
        try graph.wait("the player to be told to pause") { graph.log(player.log).contains("mpris Pause") }
        #expect(graph.stopAttach())
    }

    @Test func aModemCallFromThePhoneStackInterruptsMusic() throws {
        let graph = try LiveGraph()
        let player = try graph.standIn("Lollypop", role: "Music", mpris: true)
        try graph.wait("the stand-in to play") { graph.log(player.log).contains { $0.hasPrefix("ready") } }
        // A second stand-in, silent, is the phone stack: ModemManager on the session bus with one voice modem.
        let modem = try graph.session.spawn([
            CLI.executable(named: "arbiter-standin").path, "--name", "Modem", "--silent",
            "--modemmanager", "--log", "\(graph.directory)/modem.log",
        ])
        try graph.wait("the fake ModemManager") { graph.log("\(graph.directory)/modem.log").contains("call none") }
        // Both stand-ins' streams run, with whatever role they have, before attach first reads the graph: the
        // test is about the phone stack's call, not about a stream met half made.
        try graph.wait("both stand-ins' streams to run") {
            try graph.nodes(of: "Lollypop").first.map {
                $0.state == "running" && $0.properties["media.role"] as? String == "Music"
            } == true
                && graph.nodes(of: "Modem").first?.state == "running"
        }
        try graph.startAttach(["--phone-bus", graph.session.busAddress])
        kill(modem, SIGHUP)  // ringing
        try graph.wait("the call to ring") { graph.output.contains("system: incomingCall") }
        try graph.wait("the player to be told to pause") { graph.log(player.log).contains("mpris Pause") }
        kill(modem, SIGHUP)  // answered
        try graph.wait("the call to be answered") { graph.output.contains("system: answerCall") }
        kill(modem, SIGHUP)  // over
        try graph.wait("the player to be told to play") { graph.log(player.log).contains("mpris Play") }
        #expect(graph.output.contains("system: endCall"))
        #expect(graph.stopAttach())
    }

    @Test func unpluggingHeadphonesPausesThePlayer() throws {
        let graph = try LiveGraph()
        // Headphones: a sink that says it is one (device.form-factor), made by another client and destroyed by it.
        let outside = try PipeWireConnection(remote: "\(graph.directory)/pipewire-0")
        try outside.createDeviceNode(
            name: "test.headphones", isSource: false, positions: "[ FL FR ]",
            properties: [
                ("device.form-factor", "headphone"), ("device.api", "alsa"),
                ("node.description", "Headphones"), ("priority.session", "2000"),
            ])
        try outside.sync()
        let player = try graph.standIn("Lollypop", role: "Music", mpris: true)
        try graph.wait("the stand-in to play") { graph.log(player.log).contains { $0.hasPrefix("ready") } }
        try graph.startAttach()
        #expect(graph.output.contains("device: connect wiredHeadphones(Headphones)"))
        #expect(outside.destroyNode(named: "test.headphones"))
        try graph.wait("the player to be told to pause") { graph.log(player.log).contains("mpris Pause") }
        try graph.wait("the unplug to be explained") {
            graph.output.contains("disconnect wiredHeadphones(Headphones)")
                && graph.output.contains("oldDeviceUnavailable")
        }
        #expect(graph.stopAttach())
    }

    @Test func killedMidDuckTheGuardPutsTheVolumeBack() throws {
        let graph = try LiveGraph()
        let long = graph.tone(seconds: 60, name: "long.wav")
        _ = try graph.play("Music", role: "Music", file: long)
        try graph.wait("Music to run") { try graph.nodes(of: "Music").first?.state == "running" }
        try graph.startAttach()
        _ = try graph.play("Maps", role: "Navigation", file: graph.tone(seconds: 60, name: "maps.wav"))
        try graph.wait("Music to be ducked") { try graph.factor(of: "Music").map { $0 < 0.5 } ?? false }
        #expect(!graph.stopAttach(SIGKILL))
        try graph.wait("the guard to put Music's volume back") {
            try graph.factor(of: "Music").map { $0 > 0.99 } ?? false
        }
        #expect(!FileManager.default.fileExists(atPath: "\(graph.directory)/attach.ledger"))
    }

    @Test func itRefusesToDuckASecondTimeBesideWirePlumbersRolePolicy() throws {
        let graph = try LiveGraph(rolePolicy: true)
        // WirePlumber makes its role endpoints once it runs.
        usleep(500_000)
        let result = try CLI.run(["attach", "--pipewire-remote", "\(graph.directory)/pipewire-0", "--no-guard"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("applies its own role-based policy"))
        #expect(result.stdout.contains("rolePolicy: alongside"))
    }

    @Test func aSessionSavedAsAScenarioReplays() throws {
        let graph = try LiveGraph()
        _ = try graph.play("Music", role: "Music", file: graph.tone(seconds: 60, name: "long.wav"))
        try graph.wait("Music to run") { try graph.nodes(of: "Music").first?.state == "running" }
        let saved = "\(graph.directory)/incident.yaml"
        try graph.startAttach(["--save", saved])
        // The prompt plays until the test ends it, so that the duck is there to be read however slow the machine.
        let prompt = try graph.play("Maps", role: "Navigation", file: graph.tone(seconds: 60, name: "prompt.wav"))
        try graph.wait("Music to be ducked") { try graph.factor(of: "Music").map { $0 < 0.5 } ?? false }
        graph.session.stop(prompt)
        try graph.wait("Maps to go away") { graph.output.contains("Maps (node") && graph.output.contains("went away") }
        #expect(graph.stopAttach())
        #expect(FileManager.default.fileExists(atPath: saved), "\(graph.output)")
        let page = "\(graph.directory)/incident.html"
        let replay = try CLI.run(["replay", "--html", page, saved])
        #expect(replay.status == 0, "\(replay.stdout)")
        #expect(try String(contentsOfFile: saved, encoding: .utf8).contains("Maps: play"))
        // The saved session opens in the HTML report as any scenario does: a passed run with a row per app.
        let dom = try Chromium.dumpDOM(page).dom
        #expect(dom.captures(#"<section class="run (\w+)""#) == ["passed"], "\(replay.stdout)")
        let rows = dom.captures(#"<text class="label"[^>]*>([^<]*)<title>"#)
        #expect(rows.contains("Music") && rows.contains("Maps"), "\(rows)")
    }

    @Test func withATerminalOnStandardInputThePolicyGoesOnAndTypedLinesAreAnswered() throws {
        let graph = try LiveGraph()
        _ = try graph.play("Music", role: "Music", file: graph.tone(seconds: 60, name: "long.wav"))
        try graph.wait("Music to run") { try graph.nodes(of: "Music").first?.state == "running" }
        // Standard input stays open and mostly silent, as a terminal is: the session must not wait on it.
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = [
            "attach", "--pipewire-remote", "\(graph.directory)/pipewire-0", "--no-guard",
            "--ledger", "\(graph.directory)/attach.ledger",
        ]
        process.environment = Dictionary(
            uniqueKeysWithValues: graph.session.environment.map {
                let parts = $0.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            })
        let input = Pipe()
        process.standardInput = input
        process.standardOutput =
            FileHandle(forWritingAtPath: graph.attachLog)
            ?? {
                FileManager.default.createFile(atPath: graph.attachLog, contents: nil)
                return FileHandle(forWritingAtPath: graph.attachLog)!
            }()
        try process.run()
        defer { if process.isRunning { process.interrupt() } }
        try graph.wait("attach to attach") { graph.output.contains("attached:") }
        try input.fileHandleForWriting.write(contentsOf: Data("graph\n".utf8))
        try graph.wait("the typed line to be answered") { graph.output.contains("> graph") }
        _ = try graph.play("Maps", role: "Navigation", file: graph.tone(seconds: 30, name: "prompt.wav"))
        try graph.wait("Music to be ducked while standard input is open") {
            try graph.factor(of: "Music").map { $0 < 0.5 } ?? false
        }
        process.terminate()  // SIGTERM
        try graph.wait("attach to end on SIGTERM") { !process.isRunning }
        #expect(graph.output.contains("detached: "))
    }

    @Test func badRulesAreReportedWithTheirPlace() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(getpid()).yaml").path
        try "programs:\n  - match: { application.name: X }\n    category: playbak\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CLI.run(["attach", "--rules", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(file):3:15: error: unknown category 'playbak' (did you mean 'playback'?)"))
    }
}
