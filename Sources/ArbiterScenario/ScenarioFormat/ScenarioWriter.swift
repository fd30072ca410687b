import ArbiterEngine
import ArbiterLint
import Foundation

/// Writes a setup and the steps taken as a scenario file that replays to the same state.
public enum ScenarioWriter {
    /// Writes `text` to `path` (through a temporary file beside it, so a failed write leaves no half file).
    public static func write(_ text: String, to path: String) throws {
        let temporary = path + ".part-\(getpid())"
        guard let file = fopen(temporary, "w") else { throw WriteError(reason: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(reason: reason)
        }
    }

    /// Why a file could not be written, in the system's words.
    public struct WriteError: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// How many steps `text(setup:entries:)` writes: apps declared on the way are part of the setup, not steps.
    public static func stepCount(_ entries: [ReplSession.Entry]) -> Int {
        entries.filter { step($0.event) != nil }.count
    }

    public static func text(
        setup: Setup, entries: [ReplSession.Entry], title: String = "Saved REPL session",
        lintAllowances: LintAllowances = LintAllowances()
    ) -> String {
        text(setup: setup, steps: entries.map { ($0.time, $0.event) }, title: title, lintAllowances: lintAllowances)
    }

    /// A scenario file with `setup` and one step per event at its time (time passing alone needs no step), and the
    /// lints it allows.
    public static func text(
        setup: Setup, steps: [(time: Time, event: Event)], title: String,
        lintAllowances: LintAllowances = LintAllowances()
    ) -> String {
        var lines = ["scenario: \(quote(title))", "ios: \(setup.ios)"]
        let defaults = tunables(Profile(ios: setup.ios))
        let changed = zip(tunables(setup.profile), defaults).filter { $0.0.value != $0.1.value }.map(\.0)
        if !changed.isEmpty {
            lines.append("profile:")
            lines += changed.map { "  \($0.name): \($0.value)" }
        }
        lines.append("device:")
        if !setup.device.accessories.isEmpty {
            lines.append("  accessories: [" + setup.device.accessories.map(accessory).joined(separator: ", ") + "]")
        }
        lines.append("  ringer: \(setup.device.ringer)")
        lines.append("  locked: \(setup.device.locked)")
        if let foreground = setup.device.foreground { lines.append("  foreground: \(name(foreground.name))") }
        // Before iOS 14 every call rings full screen: there is no style to write.
        if setup.device.callStyle != .banner && CallStyle.banner.introduced.isAvailable(on: setup.ios) {
            lines.append("  callStyle: \(setup.device.callStyle)")
        }
        lines += allowLints(lintAllowances.everywhere, indent: "")
        lines.append("apps:")
        for app in setup.apps {
            lines.append("  \(name(app.name.name)):")
            lines += allowLints(lintAllowances.perApp[app.name] ?? [:], indent: "    ")
            if !app.backgroundModes.isEmpty {
                lines.append(
                    "    backgroundModes: [" + app.backgroundModes.map(\.rawValue).sorted().joined(separator: ", ")
                        + "]")
            }
            lines.append("    category: \(app.category)")
            lines.append("    mode: \(app.mode)")
            lines.append("    options: [" + app.options.members.map(\.rawValue).joined(separator: ", ") + "]")
            lines.append("    players:")
            for player in app.players { lines.append("      \(name(player.name)): \(self.player(player))") }
            if !app.remoteCommands.isEmpty {
                lines.append("    remoteCommands: [" + app.remoteCommands.map(\.rawValue).joined(separator: ", ") + "]")
            }
            if !app.reactions.isEmpty {
                lines.append("    reactions:")
                for (trigger, reaction) in app.reactions.sorted(by: { $0.key.description < $1.key.description }) {
                    lines.append("      \(trigger): \(reaction)")
                }
            }
        }
        lines.append("steps:")
        var written = 0
        for (time, event) in steps {
            guard let step = step(event) else { continue }
            lines.append("  - at: \(time)")
            lines.append("    \(step)")
            written += 1
        }
        if written == 0 { lines[lines.count - 1] = "steps: []" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `allowLints:` with each lint and its reason, in the lints' order; nothing when none is allowed.
    static func allowLints(_ allowed: [String: String], indent: String) -> [String] {
        guard !allowed.isEmpty else { return [] }
        return ["\(indent)allowLints:"]
            + allowed.sorted { $0.key < $1.key }.map { "\(indent)  \($0.key): \(quote($0.value))" }
    }

    /// The profile's tunables as `Profile.tunables` names them, each number written exactly.
    static func tunables(_ profile: Profile) -> [(name: String, value: String)] {
        profile.tunables.map { $0.name == "duckLevel" ? ($0.name, number(profile.duckLevel)) : $0 }
    }

    /// A number that decodes to the same `Double`: `1`, `0.25`, `1e-05`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A remote command's value as a file writes it: a number, or its word (`all`, `begin`, `negative`).
    static func remoteValue(_ value: RemoteValue) -> String {
        value.number.map(number) ?? value.description
    }

    /// A double-quoted YAML string; control characters, line and paragraph separators and the byte order mark as
    /// escapes, since YAML folds a raw line break and does not keep the others.
    static func quote(_ text: String) -> String {
        doubleQuoted(text) { (scalar: Unicode.Scalar) -> Bool in
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: true
            default: false
            }
        }
    }

    /// A name as a key or value: plain when YAML reads it back as the same text, quoted otherwise.
    static func name(_ text: String) -> String {
        let plain =
            text.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            && !["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"].contains(text)
        return plain ? text : quote(text)
    }

    /// A player as its kind, or `{ kind, items, ... }` when it has more than a kind.
    static func player(_ config: PlayerConfig) -> String {
        var fields = ["kind: \(config.kind)"]
        if !config.items.isEmpty {
            fields.append(
                "items: ["
                    + config.items.map { item in
                        var parts: [String] = []
                        if let title = item.title { parts.append("title: \(quote(title))") }
                        if let duration = item.duration { parts.append("duration: \(number(duration))") }
                        if item.fails { parts.append("fails: true") }
                        return "{ " + parts.joined(separator: ", ") + " }"
                    }.joined(separator: ", ") + "]")
        }
        if !config.updatesNowPlayingInfoCenter { fields.append("updatesNowPlayingInfoCenter: false") }
        if config.showsVideo != PlayerConfig(name: config.name, kind: config.kind).showsVideo {
            fields.append("video: \(config.showsVideo)")
        }
        if config.generatesPlaybackNotifications { fields.append("generatesPlaybackNotifications: true") }
        if config.streams { fields.append("stream: true") }
        if !config.automaticallyWaitsToMinimizeStalling { fields.append("automaticallyWaitsToMinimizeStalling: false") }
        return fields.count == 1 ? config.kind.rawValue : "{ " + fields.joined(separator: ", ") + " }"
    }

    static func accessory(_ spec: AccessorySpec) -> String {
        spec.name.map { "{ accessory: \(spec.kind), name: \(quote($0)) }" } ?? spec.kind.rawValue
    }
}
