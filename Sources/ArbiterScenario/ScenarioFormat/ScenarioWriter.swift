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

    public static func text(setup: Setup, entries: [ReplSession.Entry], title: String = "Saved REPL session",
                            lintAllowances: LintAllowances = LintAllowances()) -> String {
        text(setup: setup, steps: entries.map { ($0.time, $0.event) }, title: title, lintAllowances: lintAllowances)
    }

    /// A scenario file with `setup` and one step per event at its time (time passing alone needs no step), and the
    /// lints it allows.
    public static func text(setup: Setup, steps: [(time: Time, event: Event)], title: String,
                            lintAllowances: LintAllowances = LintAllowances()) -> String {
        var lines = ["scenario: \(quote(title))", "ios: \(setup.ios)"]
        let defaults = tunables(Profile())
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
        if setup.device.callStyle != .banner { lines.append("  callStyle: \(setup.device.callStyle)") }
        lines += allowLints(lintAllowances.everywhere, indent: "")
        lines.append("apps:")
        for app in setup.apps {
            lines.append("  \(name(app.name.name)):")
            lines += allowLints(lintAllowances.perApp[app.name] ?? [:], indent: "    ")
            if !app.backgroundModes.isEmpty {
                lines.append("    backgroundModes: [" + app.backgroundModes.map(\.rawValue).sorted().joined(separator: ", ") + "]")
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
        return ["\(indent)allowLints:"] + allowed.sorted { $0.key < $1.key }.map { "\(indent)  \($0.key): \(quote($0.value))" }
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
        let plain = text.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            && !["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"].contains(text)
        return plain ? text : quote(text)
    }

    /// A player as its kind, or `{ kind, items, ... }` when it has more than a kind.
    static func player(_ config: PlayerConfig) -> String {
        var fields = ["kind: \(config.kind)"]
        if !config.items.isEmpty {
            fields.append("items: [" + config.items.map { item in
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

    /// One step's action as `Key: value`, or nil for what a file declares up front.
    static func step(_ event: Event) -> String? {
        switch event {
        case .declare, .advance: nil
        case .app(let app, let action): "\(name(app.name)): \(appVerb(action))"
        case .device(let action): "device: " + verb(DeviceVerb(action), argument: deviceArgument(action))
        case .system(let action): "system: " + verb(SystemVerb(action), argument: systemArgument(action))
        }
    }

    /// A verb alone, or with its argument: `{ verb: argument }`.
    static func verb(_ verb: some StepVerb, argument: String?) -> String {
        argument.map { "{ \(verb.rawValue): \($0) }" } ?? verb.rawValue
    }

    /// An app's action as its verb and argument; what only an app's own code does, which no verb says, as the key
    /// its engine event has, with a comment.
    static func appVerb(_ action: AppAction) -> String {
        guard let verb = AppVerb(action) else {
            switch action {
            case .declarePlayer(let config): return "{ declarePlayer: \(quote(config.name)) }  # an app's code made a \(config.kind)"
            case .setItems(let name, let items): return "{ setItems: \(quote(name)) }  # \(items.count) items from an app's code"
            default: return "\(action)"
            }
        }
        return self.verb(verb, argument: appArgument(action))
    }

    /// The argument of an app's verb, nil for none.
    static func appArgument(_ action: AppAction) -> String? {
        switch action {
        case .activate, .record, .stopRecording, .foreground, .background, .terminate, .launch, .declarePlayer, .setItems:
            return nil
        case .setCategory(let category, let mode, let options):
            var fields = ["category: \(category)"]
            if let mode { fields.append("mode: \(mode)") }
            fields.append("options: [" + options.members.map(\.rawValue).joined(separator: ", ") + "]")
            return "{ " + fields.joined(separator: ", ") + " }"
        case .setMode(let mode): return "\(mode)"
        case .deactivate(let notify): return notify ? "{ notifyOthers: true }" : nil
        case .play(let name), .pause(let name), .stop(let name), .nextTrack(let name), .showVideo(let name, _):
            return name.map(quote)
        case .setPrefersInterruptionOnRouteDisconnect(let prefers), .setPrefersNoInterruptionsFromSystemAlerts(let prefers):
            return "\(prefers)"
        case .overrideOutput(let speaker): return Vocabulary.word(for: speaker, in: Vocabulary.outputOverrides)
        case .preferInput(let port): return port.map(\.rawValue) ?? "none"
        case .nowPlayingInfo(let info):
            guard let info else { return "null" }
            var fields: [String] = []
            if let title = info.title { fields.append("title: \(quote(title))") }
            if let artist = info.artist { fields.append("artist: \(quote(artist))") }
            if let album = info.album { fields.append("album: \(quote(album))") }
            if let duration = info.duration { fields.append("duration: \(number(duration))") }
            if let elapsed = info.elapsed { fields.append("elapsed: \(number(elapsed))") }
            if let rate = info.rate { fields.append("rate: \(number(rate))") }
            if let defaultRate = info.defaultRate { fields.append("defaultRate: \(number(defaultRate))") }
            return "{ " + fields.joined(separator: ", ") + " }"
        case .enableCommands(let commands), .disableCommands(let commands):
            return "[" + commands.map(\.rawValue).joined(separator: ", ") + "]"
        case .rate(let name, let value), .seek(let name, let value):
            return name.map { "{ player: \(quote($0)), to: \(number(value)) }" } ?? number(value)
        }
    }

    /// The argument of a device verb, nil for none.
    static func deviceArgument(_ action: DeviceAction) -> String? {
        switch action {
        case .lock, .unlock, .wake: nil
        case .ringer(let position): "\(position)"
        case .network(let down): Vocabulary.word(for: down, in: Vocabulary.networkStates)
        case .connect(let spec), .disconnect(let spec): accessory(spec)
        case .builtInMic(let muted): Vocabulary.word(for: muted, in: Vocabulary.micStates)
        }
    }

    /// The argument of a system verb, nil for none: Siri's and an alarm's phase, a remote command and its value.
    static func systemArgument(_ action: SystemAction) -> String? {
        switch action {
        case .incomingCall, .answerCall, .declineCall, .endCall, .mediaServicesLost, .mediaServicesReset: nil
        case .siriBegin, .alarmBegin: Vocabulary.word(for: true, in: Vocabulary.phases)
        case .siriEnd, .alarmEnd: Vocabulary.word(for: false, in: Vocabulary.phases)
        case .remote(let command, let value): value.map { "{ \(command): \(remoteValue($0)) }" } ?? "\(command)"
        }
    }
}
