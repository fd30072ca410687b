import ArbiterEngine
import ArbiterLive
import ArbiterPipeWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private graph with a focus platform's policy on it: a `PrivateSession`, programs played into it, and a
/// `LiveFocusSession` turned while the test waits.
final class FocusGraph<Platform: LiveFocusPlatform> {
    let session: PrivateSession
    let directory: String
    let graph: ProgramGraph
    let live: LiveFocusSession<Platform>
    private let printed = Printed()
    private let start = Date()

    final class Printed { var lines: [String] = [] }

    init(_ focus: Platform) throws {
        session = try PrivateSession()
        directory = session.daemon.runtimeDirectory
        graph = try ProgramGraph(remote: "\(directory)/pipewire-0")
        try graph.sync()
        let printed = printed
        live = try LiveFocusSession(graph: graph, focus: focus) { printed.lines.append($0) }
    }

    deinit {
        graph.close()
        session.stop()
    }

    var lines: [String] { printed.lines }

    /// The built `arbiter` beside the test bundle.
    static var arbiter: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("arbiter").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return "arbiter"
    }

    /// `pw-play` of a minute of a quiet tone as the program `name` with `role`.
    func play(_ name: String, role: String, name file: String? = nil) throws -> pid_t {
        let path = "\(directory)/\(file ?? "\(name).wav")"
        _ = ToneFile.write(seconds: 60, to: path)
        return try session.spawn(
            [
                "/usr/bin/pw-play", "--media-role", role,
                "-P", "{ application.name = \"\(name)\" node.name = \"\(name.lowercased())\" }",
                path,
            ], log: "\(directory)/\(name).play.log")
    }

    /// The program's stream node as `pw-dump` shows it: its state and its Props' volumes.
    func node(_ name: String) throws -> (state: String, channel: [Double], soft: [Double])? {
        let objects = try GraphSnapshot.dump(runtimeDirectory: directory, remote: "pipewire-0")
        for object in objects {
            guard object["type"] as? String == "PipeWire:Interface:Node", let info = object["info"] as? [String: Any],
                let props = info["props"] as? [String: Any], props["application.name"] as? String == name,
                (props["media.class"] as? String)?.hasPrefix("Stream/") == true
            else { continue }
            let params = (info["params"] as? [String: Any])?["Props"] as? [[String: Any]] ?? []
            let volumes = params.first { $0["channelVolumes"] != nil } ?? [:]
            return (
                info["state"] as? String ?? "?", volumes["channelVolumes"] as? [Double] ?? [],
                volumes["softVolumes"] as? [Double] ?? []
            )
        }
        return nil
    }

    /// The factor the stream's softVolumes carry over its own volume.
    func factor(_ name: String) throws -> Double? {
        guard let node = try node(name), let soft = node.soft.first, let own = node.channel.first, own > 0 else {
            return nil
        }
        return soft / own
    }

    /// The RMS level of what the program `name`'s stream puts out over half a second, recorded from its output
    /// ports by a `pw-record` of the test's own (0 while corked, about the tone's level while it plays).
    func level(of name: String) throws -> Double {
        let file = "\(directory)/heard.\(UUID().uuidString).wav"
        defer { unlink(file) }
        let recorder = "arbiter.test.heard"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pw-record")
        process.arguments = [
            "--rate", "48000", "--channels", "2", "--format", "s16",
            "-P",
            "{ node.name = \(recorder) node.autoconnect = false "
                + "adapter.auto-port-config = { mode = dsp monitor = false position = preserve } }", file,
        ]
        process.environment = [
            "XDG_RUNTIME_DIR": directory, "PIPEWIRE_RUNTIME_DIR": directory, "PIPEWIRE_LOG": "/dev/null",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning {
                process.interrupt()
                process.waitUntilExit()
            }
        }
        var ports = ""
        for _ in 0..<200 where !ports.contains("\(recorder):input_FR") {
            usleep(20_000)
            ports = try tool(["pw-link", "-i"])
        }
        for channel in ["FL", "FR"] {
            _ = try tool(["pw-link", "\(name.lowercased()):output_\(channel)", "\(recorder):input_\(channel)"])
        }
        usleep(500_000)
        process.interrupt()
        process.waitUntilExit()
        let samples = try Self.samples(ofWAV: file).dropFirst(2 * 4_800)
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32_768
    }

    /// A PipeWire tool's output, run against the private daemon.
    func tool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = ["XDG_RUNTIME_DIR": directory, "PIPEWIRE_RUNTIME_DIR": directory]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
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
        return []
    }

    /// Turns the session (unless `turning` is false) and checks `condition` every 50 ms; throws after `seconds`.
    func wait(_ what: String, seconds: Double = 30, turning: Bool = true, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if turning { live.turn(at: .seconds(Date().timeIntervalSince(start))) }
            if try condition() { return }
            guard Date() < deadline else {
                throw FocusGraphError(
                    "\(what) did not happen within \(Int(seconds)) s; the session said:\n"
                        + lines.joined(separator: "\n"))
            }
            usleep(50_000)
        }
    }
}

struct FocusGraphError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The car's focus on a private graph.
typealias AndroidCar = FocusGraph<AndroidLivePlatform>

extension FocusGraph where Platform == AndroidLivePlatform {
    convenience init() throws { try self.init(AndroidLivePlatform(platform: .car)) }
}
