import ArbiterEngine

/// Steps as a scenario file writes them: the verb from `StepVerbs`, then its argument.
extension ScenarioWriter {
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
            case .declarePlayer(let config):
                return "{ declarePlayer: \(quote(config.name)) }  # an app's code made a \(config.kind)"
            case .setItems(let name, let items):
                return "{ setItems: \(quote(name)) }  # \(items.count) items from an app's code"
            default: return "\(action)"
            }
        }
        return self.verb(verb, argument: appArgument(action))
    }

    /// The argument of an app's verb, nil for none.
    static func appArgument(_ action: AppAction) -> String? {
        switch action {
        case .activate, .record, .stopRecording, .foreground, .background, .terminate, .launch, .declarePlayer,
            .setItems:
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
        case .setPrefersInterruptionOnRouteDisconnect(let prefers),
            .setPrefersNoInterruptionsFromSystemAlerts(let prefers), .setVoiceProcessing(let prefers):
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
