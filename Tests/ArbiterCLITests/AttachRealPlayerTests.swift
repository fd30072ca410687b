import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter attach` over a real player from Debian: mpv with its MPRIS plugin (`mpv-mpris`), as a phone's music
/// player. Every outcome is read from outside: mpv's own PlaybackStatus on the session bus, and the graph.
@Suite(.serialized) struct AttachRealPlayerTests {
    /// mpv playing `file` into the graph, with no video and no terminal; its MPRIS plugin loads by itself.
    static func mpv(_ graph: LiveGraph, file: String) throws -> pid_t {
        try graph.session.spawn(
            ["/usr/bin/mpv", "--no-video", "--no-terminal", "--ao=pipewire", "--loop-file=inf", file],
            log: "\(graph.directory)/mpv.log")
    }

    /// mpv's PlaybackStatus as any client of the bus reads it (`Playing`, `Paused`), or nil when it has no player.
    static func playbackStatus(_ graph: LiveGraph) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
        process.arguments = [
            "--user", "get-property", "org.mpris.MediaPlayer2.mpv", "/org/mpris/MediaPlayer2",
            "org.mpris.MediaPlayer2.Player", "PlaybackStatus",
        ]
        process.environment = Dictionary(
            uniqueKeysWithValues: graph.session.environment.map {
                let parts = $0.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts[1])
            })
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // `s "Playing"`
        return process.terminationStatus == 0 ? text.split(separator: "\"").dropFirst().first.map(String.init) : nil
    }

    /// A call through pipewire-pulse, as a dialer would play it.
    static func call(_ graph: LiveGraph) throws -> pid_t {
        try graph.session.spawn(
            ["/usr/bin/paplay", "--property=media.role=phone", graph.tone(seconds: 60, name: "call.wav")],
            log: "\(graph.directory)/paplay.log")
    }

    @Test(arguments: [[String](), ["--platform", "android"]])
    func aCallPausesMpvOverMPRISAndPlaysItAgainAfterwards(platform: [String]) throws {
        let graph = try LiveGraph(pulse: true)
        _ = try Self.mpv(graph, file: graph.tone(seconds: 30, name: "song.wav"))
        try graph.wait("mpv to play, and to have an MPRIS player") {
            try graph.nodes(of: "mpv").first?.state == "running" && Self.playbackStatus(graph) == "Playing"
        }
        try graph.startAttach(platform)
        let call = try Self.call(graph)
        try graph.wait("mpv to say it is paused") { Self.playbackStatus(graph) == "Paused" }
        try graph.wait("the pause to be explained") { graph.output.contains("[live.pause-mpris]") }
        // Paused by its own player, not corked: mpv's stream stops as mpv stops it.
        #expect(!graph.output.contains("[live.cork]"))
        graph.session.stop(call)
        try graph.wait("mpv to say it plays again") { Self.playbackStatus(graph) == "Playing" }
        try graph.wait("mpv's stream to run again") { try graph.nodes(of: "mpv").first?.state == "running" }
        #expect(graph.stopAttach())
        #expect(Self.playbackStatus(graph) == "Playing")
    }

    @Test func aPromptLowersMpvAndLeavesItsOwnVolumeAlone() throws {
        let graph = try LiveGraph()
        _ = try Self.mpv(graph, file: graph.tone(seconds: 30, name: "song.wav"))
        try graph.wait("mpv to play") { try graph.nodes(of: "mpv").first?.state == "running" }
        try graph.startAttach()
        let prompt = try graph.play("Maps", role: "Navigation", file: graph.tone(seconds: 60, name: "prompt.wav"))
        try graph.wait("mpv to be lowered to the profile's duck level") {
            try graph.factor(of: "mpv").map { abs($0 - 0.2) < 0.01 } ?? false
        }
        #expect(try graph.nodes(of: "mpv").first?.channelVolumes.allSatisfy { $0 == 1 } == true)
        #expect(Self.playbackStatus(graph) == "Playing")
        graph.session.stop(prompt)
        try graph.wait("mpv to come back up") { try graph.factor(of: "mpv").map { $0 > 0.99 } ?? false }
        #expect(graph.stopAttach())
    }
}
