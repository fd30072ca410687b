import Foundation
import Testing

/// `arbiter repl --pipewire`: each step carried out on real streams, as replay does.
@Suite("arbiter repl --pipewire", .serialized)
struct PipeWireReplTests {
    @Test("a file's steps run on real streams, its checks are read back, and undo takes the graph back too")
    func fileStepsAndUndo() throws {
        let result = try CLI.run(
            ["repl", "--pipewire", "scenarios/players/av-player-unplug.yaml"],
            stdin: "run\ngraph\nundo\ngraph\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("  ✓ Plain.audible = true"))
        let graphs = result.stdout.components(separatedBy: "undone; 3 steps, time 0s\n")
        try #require(graphs.count == 2, "\(result.stdout)")
        // After the unplug: the video's player is paused and every stream plays to the speaker.
        // A paused stream is idle, and suspended once the daemon has kept it idle a while (a slow run gets there); its
        // volume may not be published yet when it pauses at once, so an idle stream's volume may read "?".
        #expect(
            ["idle  volume 1", "idle  volume ?", "suspended  volume ?"].contains {
                graphs[0].contains("arbiter.Video.movie  \($0)  unmuted  → arbiter.port.builtInSpeaker")
            }, "\(graphs[0])")
        #expect(graphs[0].contains("arbiter.Plain.main  running  volume 1  unmuted  → arbiter.port.builtInSpeaker"))
        // Undone: the headphones' node is back and the streams play to it again.
        #expect(
            graphs[1].contains("arbiter.Video.movie  running  volume 1  unmuted  → arbiter.port.headphones"),
            "\(graphs[1])")
    }

    @Test("a plug the model refuses says why, in REPL words, with --pipewire as without")
    func refusedPlugs() throws {
        let input = """
            app Music category=playback background=audio
            device connect wiredHeadphones
            device connect wiredHeadphones
            device disconnect bluetoothHeadphones

            """
        let plain = try CLI.run(["repl"], stdin: input)
        let real = try CLI.run(["repl", "--pipewire"], stdin: input)
        #expect(real.stdout == plain.stdout)
        #expect(
            real.stdout.contains(
                "repl:3:1: error: wiredHeadphones is already connected; expected a name for a "
                    + "second wiredHeadphones, for example device connect wiredHeadphones name=Second"),
            "\(real.stdout)")
        #expect(
            real.stdout.contains(
                "repl:4:1: error: bluetoothHeadphones is not connected; expected one of: wiredHeadphones"))
    }

    @Test("apps declared on the fly get streams; ducking is a real volume")
    func declaredApps() throws {
        let result = try CLI.run(
            ["repl", "--pipewire"],
            stdin: """
                app Music category=playback background=audio
                app Maps category=playback options=duckOthers background=audio
                Music play
                Maps play
                after 5s
                graph

                """)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains("arbiter.Music.main  running  volume 0.2  unmuted  → arbiter.port.builtInSpeaker"),
            "\(result.stdout)")
        #expect(result.stdout.contains("arbiter.Maps.main  running  volume 1  unmuted  → arbiter.port.builtInSpeaker"))
    }

    @Test("an accessory unplugged from outside reaches the session before the next command")
    func outsideUnplug() throws {
        let directory = "/tmp/pw.repl.\(getpid())"
        #expect(
            system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh start \(directory) >/dev/null 2>&1") == 0)
        defer { _ = system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh stop \(directory) >/dev/null 2>&1") }
        let log = "/tmp/arbiter-repl-outside.\(getpid()).log"
        defer { unlink(log) }
        let commands =
            "echo 'app Music category=playback background=audio'; echo 'device connect wiredHeadphones'; "
            + "echo 'Music play'; sleep 1; pw-cli destroy arbiter.port.headphones >/dev/null; sleep 1; echo 'state Music'"
        let status = system(
            "cd '\(CLI.packageRoot.path)' && export XDG_RUNTIME_DIR=\(directory) && (\(commands)) | "
                + "timeout 60 .build/debug/arbiter repl --pipewire-remote pipewire-0 >\(log) 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(output)")
        #expect(output.contains("outside: device: disconnect wiredHeadphones"), "\(output)")
        #expect(output.contains("→ Music: routeChange reason=oldDeviceUnavailable"))
    }

    @Test("graph without --pipewire says what is needed")
    func graphNeedsPipeWire() throws {
        let result = try CLI.run(["repl"], stdin: "graph\n")
        #expect(result.status == 1)
        #expect(result.stdout.contains("repl:1:1: error: there is no real graph; expected `arbiter repl --pipewire`"))
    }
}
