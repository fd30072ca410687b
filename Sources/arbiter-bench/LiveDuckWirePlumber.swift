import Foundation

/// WirePlumber 0.4's configuration for the duck benchmark, written into a private `XDG_CONFIG_HOME`: its stock
/// files (read from where it is installed), with the ALSA, V4L2 and libcamera monitors and the Bluetooth component
/// turned off, so that it links streams on a bare private graph; and, for its side of the comparison, its role
/// policy turned on.
enum DuckWirePlumberConfig {
    /// Where WirePlumber 0.4 installs its stock configuration.
    static let stock = "/usr/share/wireplumber"

    /// The Multimedia role as WirePlumber ships it corks an older Multimedia stream when a newer one starts, so
    /// that only one Music program would play: the benchmark lets Multimedia streams mix, as 15 programs playing
    /// at once need. Nothing else of the stock role table changes (Navigation ducks every other role to 0.3).
    static let multimediaMix = "    [\"action.Multimedia\"] = \"mix\",\n"

    /// Writes the configuration into `directory` (used as XDG_CONFIG_HOME); `rolePolicy` turns on the stock role
    /// table (`policy.lua.d/50-endpoints-config.lua` without its comment markers), with Multimedia streams mixing.
    /// Returns how many playback endpoints (one node each, linked to the default sink) WirePlumber will make.
    /// How many playback role nodes `tools/wireplumber`'s configuration makes (one per role but Capture).
    static let arbiterRoleNodes = 7

    /// `roleNodes`, a directory laid out as WirePlumber's configuration (`tools/wireplumber`), is copied in too.
    @discardableResult
    static func write(to directory: String, rolePolicy: Bool, roleNodes: String? = nil) throws(BenchFailure) -> Int {
        var endpoints = 0
        let target = directory + "/wireplumber"
        func stockFile(_ path: String) throws(BenchFailure) -> String {
            guard let text = try? String(contentsOfFile: "\(stock)/\(path)", encoding: .utf8) else {
                throw BenchFailure(
                    "cannot read WirePlumber's stock \(stock)/\(path): this benchmark configures "
                        + "WirePlumber 0.4 (Debian 12's)")
            }
            return text
        }
        func withoutLines(_ text: String, containing words: [String]) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !words.contains { line.contains($0) } }.joined(separator: "\n")
        }
        var files = [
            "wireplumber.conf": withoutLines(try stockFile("wireplumber.conf"), containing: ["bluetooth.lua"]),
            "main.lua.d/90-enable-all.lua": withoutLines(
                try stockFile("main.lua.d/90-enable-all.lua"),
                containing: ["alsa_monitor", "v4l2_monitor", "libcamera_monitor"]),
        ]
        if rolePolicy {
            let roles = try stockFile("policy.lua.d/50-endpoints-config.lua")
            let multimedia = "    [\"alias\"] = { \"Movie\", \"Music\", \"Game\" },\n"
            guard roles.contains("--[["), roles.contains("]]--"), let alias = roles.range(of: multimedia) else {
                throw BenchFailure(
                    "WirePlumber's stock policy.lua.d/50-endpoints-config.lua is not the one this "
                        + "benchmark knows (0.4's, its role table commented out)")
            }
            endpoints = roles.components(separatedBy: "[\"media.class\"] = \"Audio/Sink\"").count - 1
            var enabled = roles
            enabled.insert(contentsOf: multimediaMix, at: alias.upperBound)
            files["policy.lua.d/50-endpoints-config.lua"] = enabled.replacingOccurrences(of: "--[[", with: "")
                .replacingOccurrences(of: "]]--", with: "")
        }
        if let roleNodes {
            for file in ["policy.lua.d/60-arbiter-role-nodes.lua", "main.lua.d/50-arbiter-role-nodes.lua"] {
                guard let text = try? String(contentsOfFile: "\(roleNodes)/\(file)", encoding: .utf8) else {
                    throw BenchFailure("cannot read \(roleNodes)/\(file): --role-nodes names tools/wireplumber")
                }
                files[file] = text
            }
            endpoints = arbiterRoleNodes
        }
        for (path, text) in files {
            let file = "\(target)/\(path)"
            do {
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            } catch {
                throw BenchFailure("cannot write \(file): \(error)")
            }
        }
        return endpoints
    }
}
