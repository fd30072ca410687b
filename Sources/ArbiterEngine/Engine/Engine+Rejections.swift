/// Events that make no sense in the engine's state: an unknown app or player, a call that is not ringing, an
/// accessory that is not connected, ... Each is found before anything changes, so a rejected event leaves the
/// engine exactly as it was and the rules that apply an event can take it as valid.
extension Engine {
    /// Checks `event` against the state (its time is checked by the caller): why it cannot be applied now, or,
    /// when it can, the index of the app an app event names (nil for other events).
    ///
    /// It changes nothing. It and the checks of an app's call are `mutating` and inlined (performance conventions:
    /// mutating reads); only the paths that build an error message make non-mutating calls.
    @inline(__always)
    mutating func check(_ event: Event) -> Result<Int?, InputError> {
        let problem: InputError?
        switch event {
        case .app(let id, let action):
            guard let i = index(of: id) else {
                let names = apps.map(\.id.name).joined(separator: ", ")
                return .failure(InputError("unknown app '\(id)'; expected one of: \(names)"))
            }
            if let problem = rejection(of: action, by: i) { return .failure(problem) }
            return .success(i)
        case .device(let action): problem = rejection(of: action)
        case .system(let action): problem = rejection(of: action)
        case .declare(let config): problem = rejection(ofDeclaring: config)
        case .advance: problem = nil
        }
        return problem.map { .failure($0) } ?? .success(nil)
    }

    /// Why app `i` cannot make this call now, if it cannot.
    @inline(__always)
    mutating func rejection(of action: AppAction, by i: Int) -> InputError? {
        switch action {
        case .launch, .foreground, .terminate, .background: return nil
        default: break
        }
        if apps[i].lifecycle == .terminated { return terminatedError(i, action) }
        switch action {
        case .play(let name): return playerProblem(i, named: name, verb: "play")
        case .pause(let name): return playerProblem(i, named: name, verb: "pause")
        case .stop(let name): return playerProblem(i, named: name, verb: "stop")
        case .nextTrack(let name): return playerProblem(i, named: name, verb: "skip")
        case .showVideo(let name, let shown): return playerProblem(i, named: name, verb: shown ? "attach" : "detach")
        case .seek(let name, _):
            if let problem = playerProblem(i, named: name, verb: "seek") { return problem }
            if name == nil && apps[i].playerCount > 1 { return severalPlayersError(i) }
            return nil
        case .rate(let name, let rate):
            if !(rate > 0 && rate <= 32) {
                return InputError(
                    "rate \(rate) is out of range; expected a rate above 0 and at most 32 (pause to stop)")
            }
            if let problem = playerProblem(i, named: name, verb: "set the rate of") { return problem }
            if name == nil && apps[i].playerCount > 1 { return severalPlayersError(i, to: "RATE") }
            return nil
        case .declarePlayer(let config): return playerDeclarationProblem(i, config)
        case .setItems(let name, _):
            if let (_, isRecorder) = firstPlayer(of: i, named: name), !isRecorder { return nil }
            return playerError(i, named: name, found: firstPlayer(of: i, named: name) != nil, verb: "give items to")
        case .setPrefersInterruptionOnRouteDisconnect, .setPrefersNoInterruptionsFromSystemAlerts:
            guard let release = action.introduced, !release.isAvailable(on: ios) else { return nil }
            let call = "\(action)".prefix { $0 != " " }
            return InputError(
                "\(call) needs \(release) or later (this engine is iOS \(ios)); expected ios \(release.major) or later")
        case .preferInput(let port?) where !PortType.inputs.contains(port):
            return InputError(
                "\(port) is not an input port; expected builtInMic, headsetMic, bluetoothHFP, usbAudio, "
                    + "carAudio or lineIn")
        default: return nil
        }
    }

    private func terminatedError(_ i: Int, _ action: AppAction) -> InputError {
        InputError("app '\(apps[i].id)' is terminated; expected launch before \(action)")
    }

    private func severalPlayersError(_ i: Int, to what: String = "SECONDS") -> InputError {
        InputError("app '\(apps[i].id)' has several players; expected { player: NAME, to: \(what) }")
    }

    /// Why an action cannot name these players of app `i`: no such player, a recorder, or no player at all.
    @inline(__always)
    mutating func playerProblem(_ i: Int, named name: String?, verb: String) -> InputError? {
        // The common call names no player: it acts on every player, and needs one.
        if name == nil && apps[i].playerCount > 0 { return nil }
        let found = firstPlayer(of: i, named: name)
        if let found, !found.isRecorder { return nil }
        return playerError(i, named: name, found: found != nil, verb: verb)
    }

    private func playerError(_ i: Int, named name: String?, found: Bool, verb: String) -> InputError {
        let id = apps[i].id
        guard let name else {
            return InputError("app '\(id)' has no player to \(verb); expected a player in its declaration")
        }
        guard found else {
            let names = apps[i].players.map(\.name).joined(separator: ", ")
            return InputError("app '\(id)' has no player '\(name)'; expected one of: \(names)")
        }
        return InputError("'\(name)' of app '\(id)' is a recorder; expected record or stopRecording")
    }

    @inline(__always)
    mutating func rejection(of action: DeviceAction) -> InputError? {
        switch action {
        case .connect(let spec):
            guard let clash = device.accessoryIndex(exactly: spec) else { return nil }
            return InputError(
                "\(device.accessories[clash]) is already connected; expected a name for a second "
                    + "\(spec.kind)", example: .namedAccessory(spec.kind))
        case .disconnect(let spec):
            if device.accessoryIndex(matching: spec) != nil { return nil }
            let connected = device.accessories.map(\.description).joined(separator: ", ")
            return InputError(
                connected.isEmpty
                    ? "\(spec) is not connected; no accessory is connected"
                    : "\(spec) is not connected; expected one of: \(connected)")
        case .ringer, .lock, .unlock, .network, .builtInMic, .wake: return nil
        }
    }

    @inline(__always)
    mutating func rejection(of action: SystemAction) -> InputError? {
        switch action {
        case .incomingCall:
            guard let call = device.call else { return nil }
            return InputError("a call is already \(call); expected answerCall, declineCall or endCall")
        case .answerCall, .declineCall:
            if device.call == .ringing { return nil }
            return InputError("no call is ringing; expected incomingCall before \(action)")
        case .endCall:
            if device.call != nil { return nil }
            return InputError("no call is in progress; expected incomingCall before endCall")
        case .siriBegin:
            return device.isSiriActive ? InputError("Siri is already active; expected siri end") : nil
        case .siriEnd:
            return device.isSiriActive ? nil : InputError("Siri is not active; expected siri begin first")
        case .alarmBegin:
            return device.isAlarmActive ? InputError("an alarm is already sounding; expected alarm end") : nil
        case .alarmEnd:
            return device.isAlarmActive ? nil : InputError("no alarm is sounding; expected alarm begin first")
        case .mediaServicesLost:
            return device.mediaServicesLost
                ? InputError("media services are already lost; expected mediaServicesReset") : nil
        case .mediaServicesReset: return nil
        case .remote(let command, let value): return value.flatMap { Engine.remoteValueProblem(command, $0) }
        }
    }

    /// Why `command` cannot carry `value`: the command takes none, or another kind, or the number is not finite.
    static func remoteValueProblem(_ command: RemoteCommand, _ value: RemoteValue) -> InputError? {
        guard let kind = command.valueKind else {
            return InputError(
                "remote \(command) carries no value (found \(value.kind.phrase), \(value)); "
                    + "expected the command alone")
        }
        guard kind == value.kind else {
            return InputError("remote \(command) carries \(kind.phrase), not \(value.kind.phrase) (found \(value))")
        }
        if let number = value.number, !number.isFinite {
            return InputError("remote \(command) has \(kind.phrase) of \(number); expected a finite number")
        }
        return nil
    }

    func rejection(ofDeclaring config: AppConfig) -> InputError? {
        if let problem = Engine.nameProblem(config.name) { return InputError(problem) }
        if index(of: config.name) != nil {
            return InputError("app '\(config.name)' already exists; expected a new app name")
        }
        return Engine.problems(with: config, profile: profile).first.map { InputError($0) }
    }
}
