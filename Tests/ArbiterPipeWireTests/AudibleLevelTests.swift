import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterPipeWire

/// What the streams really play, recorded from outside: a `pw-record` linked with `pw-link` to a stream's output
/// ports records the samples the stream puts out, after its volume and mute. The graph's controls are checked in
/// StageTests; here the sound itself: the tone at full level, ducked to the duck level, and silenced by a mute.
@Suite("The streams' sound, recorded from outside", .serialized)
struct AudibleLevelTests {
    /// The tone's RMS at full level: a sine of peak 0.01 (the C layer's tone table).
    static let fullLevel = 0.01 / 2.0.squareRoot()

    /// Records about half a second of what `node`'s `output_FL`/`output_FR` ports put out and returns its RMS (both channels,
    /// the first 0.1 s left out while the links settle).
    static func level(of node: String, on daemon: PrivateDaemon) throws -> Double {
        let file = daemon.runtimeDirectory + "/recorded.\(UUID().uuidString).wav"
        defer { unlink(file) }
        let recorder = "arbiter.test.recorder"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pw-record")
        // Without a session manager, the stream makes its ports itself (as the stage's streams do).
        process.arguments = [
            "--rate", "48000", "--channels", "2", "--format", "s16",
            "-P",
            "{ node.name = \(recorder) node.autoconnect = false "
                + "adapter.auto-port-config = { mode = dsp monitor = false position = preserve } }", file,
        ]
        process.environment = [
            "XDG_RUNTIME_DIR": daemon.runtimeDirectory, "PIPEWIRE_RUNTIME_DIR": daemon.runtimeDirectory,
            "PIPEWIRE_LOG": "/dev/null",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // SIGINT: pw-record finishes the file and exits.
        defer {
            if process.isRunning {
                process.interrupt()
                process.waitUntilExit()
            }
        }
        var ports = ""
        for _ in 0..<100 where !ports.contains("\(recorder):input_FR") {
            usleep(20_000)
            ports = try tool(daemon, ["pw-link", "-i"])
        }
        try #require(ports.contains("\(recorder):input_FR"), "pw-record made no input ports: \(ports)")
        for channel in ["FL", "FR"] {
            _ = try tool(daemon, ["pw-link", "\(node):output_\(channel)", "\(recorder):input_\(channel)"])
        }
        usleep(500_000)
        process.interrupt()
        process.waitUntilExit()
        let samples = try AudibleLevelTests.samples(ofWAV: file)
        let settled = samples.dropFirst(2 * 4_800)
        try #require(settled.count >= 2 * 9_600, "pw-record wrote \(samples.count) samples")
        let sum = settled.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(settled.count)).squareRoot() / 32_768
    }

    /// The 16-bit samples of a WAV file's `data` chunk.
    static func samples(ofWAV path: String) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = bytes[offset + 4..<offset + 8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let body = offset + 8
            if id == "data" {
                let end = min(bytes.count, size == 0 || size == 0xFFFF_FFFF ? bytes.count : body + size)
                return stride(from: body, to: end - 1, by: 2).map {
                    Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
                }
            }
            offset = body + size + (size & 1)
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    @Test(
        "a playing stream plays the tone; ducked it plays at the duck level; the Silent switch silences an ambient one")
    func levels() throws {
        var rig = try Rig(Setup(apps: [StageTests.music, StageTests.maps, StageTests.game]))
        defer { rig.daemon.stop() }
        try rig.send(.app("Music", .play()))
        _ = try rig.graph { $0.streams["arbiter.Music.main"]?.state == "running" }
        let full = try AudibleLevelTests.level(of: "arbiter.Music.main", on: rig.daemon)
        #expect(abs(full - AudibleLevelTests.fullLevel) < 0.1 * AudibleLevelTests.fullLevel, "RMS \(full)")

        try rig.send(.app("Maps", .play()))
        _ = try rig.graph { $0.streams["arbiter.Music.main"]?.volume.map { abs($0 - 0.2) < 0.001 } == true }
        let ducked = try AudibleLevelTests.level(of: "arbiter.Music.main", on: rig.daemon)
        #expect(abs(ducked / full - 0.2) < 0.03, "ducked RMS \(ducked), full \(full)")
        let maps = try AudibleLevelTests.level(of: "arbiter.Maps.main", on: rig.daemon)
        #expect(abs(maps / full - 1) < 0.1, "the ducking app plays at full level: \(maps), \(full)")

        try rig.send(.app("Game", .foreground))
        try rig.send(.app("Game", .play()))
        try rig.send(.device(.ringer(.silent)))
        _ = try rig.graph {
            $0.streams["arbiter.Game.main"]?.mute == true && $0.streams["arbiter.Game.main"]?.state == "running"
        }
        let muted = try AudibleLevelTests.level(of: "arbiter.Game.main", on: rig.daemon)
        #expect(muted < 0.01 * full, "muted RMS \(muted)")
    }
}
