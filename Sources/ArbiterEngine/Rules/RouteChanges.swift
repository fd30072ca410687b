/// Accessories coming and going, output overrides and input preferences, and the notifications they cause.
extension Engine {
    mutating func connect(_ spec: AccessorySpec, _ effects: inout Effects) -> StepResult {
        let previous = currentRoute
        accessorySerial += 1
        device.accessories.append(Accessory(kind: spec.kind, name: spec.name, serial: accessorySerial))
        accessoryChanges += 1
        effects.record(nil, .accessoryConnected(spec), .lastInWins)
        clearOverrides(&effects)
        announceRouteChange(from: previous, reason: .newDeviceAvailable, rule: .lastInWins, &effects)
        return .succeeded
    }

    mutating func disconnect(_ spec: AccessorySpec, _ effects: inout Effects) -> StepResult {
        let found = device.accessoryIndex(matching: spec)!  // a missing accessory is rejected before
        let previous = currentRoute
        let removed = device.accessories.remove(at: found)
        accessoryChanges += 1
        effects.record(nil, .accessoryDisconnected(AccessorySpec(removed.kind, name: removed.name)), .fallBack)
        clearOverrides(&effects)
        announceRouteChange(from: previous, reason: .oldDeviceUnavailable, rule: .fallBack, &effects)
        guard previous.outputs.contains(where: { $0.accessory == removed.label }) else { return .succeeded }
        // An app that plays has an active session (an invariant): only those that may be active are looked at.
        forEachPossiblyActive { engine, i in
            guard engine.apps[i].isPlaying else { return }
            for p in engine.apps[i].players.indices
            where engine.apps[i].players[p].isRunning
                && [.avPlayer, .queuePlayer, .playerViewController].contains(engine.apps[i].players[p].kind)
            {
                engine.setPlayer(i, p, .paused, rule: .avPlayerPausesOnUnplug, &effects)
            }
        }
        interruptNowPlayingOnRouteDisconnect(&effects)
        return .succeeded
    }

    mutating func overrideOutput(_ i: Int, speaker: Bool, _ effects: inout Effects) -> StepResult {
        if speaker && apps[i].session.category != .playAndRecord {
            return .failed(SessionError(.badParam, .overrideOnlyPlayAndRecord))
        }
        let previous = currentRoute
        if apps[i].session.overridesToSpeaker != speaker {
            apps[i].session.overridesToSpeaker = speaker
            if speaker { speakerOverrideBound += 1 }
            effects.record(i, .overrideToSpeaker(speaker), .overrideToSpeaker)
        }
        announceRouteChange(from: previous, reason: .override, rule: .overrideToSpeaker, &effects)
        return .succeeded
    }

    mutating func preferInput(_ i: Int, _ port: PortType?, _ effects: inout Effects) -> StepResult {
        if port != nil && !apps[i].session.category.traits.hasInput {
            return .failed(SessionError(.incompatibleCategory, .preferredInputNeedsInput))
        }
        let previous = currentRoute
        apps[i].session.preferredInput = port
        effects.record(i, .preferredInput(port), .preferredInput)
        announceRouteChange(from: previous, reason: .override, rule: .preferredInput, &effects)
        return .succeeded
    }

    /// Ends every speaker override: it lasts only until the next route change. Looks at every app only when some
    /// may override (`speakerOverrideBound`).
    mutating func clearOverrides(_ effects: inout Effects) {
        guard speakerOverrideBound > 0 else { return }
        for i in apps.indices where apps[i].session.overridesToSpeaker {
            apps[i].session.overridesToSpeaker = false
            effects.record(i, .overrideToSpeaker(false), .overrideEndsOnRouteChange)
        }
        speakerOverrideBound = 0
    }

    /// If the route differs from `previous` (or `always`), records it and tells every app with an
    /// active session, with the reason and the previous route; a change the device made (an accessory connected or
    /// lost) also reaches the apps whose session is interrupted (`routeChangeReachesInterrupted`).
    mutating func announceRouteChange(
        from previous: Route, reason: RouteChangeReason, rule: Rule,
        always: Bool = false, _ effects: inout Effects
    ) {
        announceRouteChange(to: currentRoute, from: previous, reason: reason, rule: rule, always: always, &effects)
    }

    mutating func announceRouteChange(
        to route: Route, from previous: Route, reason: RouteChangeReason, rule: Rule,
        always: Bool = false, _ effects: inout Effects
    ) {
        guard route != previous || always else { return }
        if route != previous { effects.record(nil, .route(route), rule) }
        effects.lastRoute = route
        let reachesInterrupted =
            profile.routeChangeReachesInterrupted && (reason == .newDeviceAvailable || reason == .oldDeviceUnavailable)
        func tell(_ engine: inout Engine, _ i: Int) {
            let why: Rule
            if engine.apps[i].session.isActive {
                why = rule
            } else if reachesInterrupted && engine.apps[i].isInterrupted {
                why = .routeChangeReachesInterrupted
            } else {
                return
            }
            effects.notify(engine.apps[i].id, .routeChange(reason: reason, previous: previous), why)
        }
        if reachesInterrupted { forEachPossiblyActiveOrInterrupted(tell) } else { forEachPossiblyActive(tell) }
    }
}

extension Rule {
    static let routeChangeReachesInterrupted = Rule(
        id: "route.change-reaches-interrupted",
        statement: "an app whose session is interrupted also gets the route change when an accessory connects or goes "
            + "away (a Bluetooth device lost during a call); profile routeChangeReachesInterrupted, default true",
        source: "§13.3: openradar FB7721110 (observed on a device, one report); Apple's documentation does not limit "
            + "route changes to active sessions",
        evidence: .observed)
    static let lastInWins = Rule(
        id: "route.last-in-wins",
        statement: "a newly connected accessory takes the route if the owning session's category and options allow "
            + "it (last in wins, HFP and A2DP alike across separate devices; HFP first only on one device); apps "
            + "with an active session get a route change, newDeviceAvailable",
        source: "QA1754; H17 (A2DP vs HFP); H17 route change reasons",
        evidence: .documented)
    static let fallBack = Rule(
        id: "route.falls-back",
        statement: "when an accessory goes away the route falls back to the previous eligible one (or the built-in "
            + "default); apps with an active session get a route change, oldDeviceUnavailable, with the previous route",
        source: "QA1754; DOC:avfaudio/responding-to-audio-route-changes",
        evidence: .documented)
    static let ownerDecidesRoute = Rule(
        id: "route.owner-decides",
        statement: "the route is decided by the session that owns the hardware (the most recent active non-mixable "
            + "session, else the most recent active one); a change of category is delivered as a route change, "
            + "categoryChange",
        source: "ASPG14 p.39; H17 (categoryChange fires on your own category change)",
        evidence: .documented)
    static let overrideToSpeaker = Rule(
        id: "route.override-speaker",
        statement: "overrideOutputAudioPort(.speaker) routes playAndRecord to the built-in speaker and mic until the "
            + "next route change or interruption; (.none) undoes it; announced with reason override",
        source: "H18; QA1754; DOC:avfaudio/avaudiosession/portoverride/speaker",
        evidence: .documented)
    static let overrideOnlyPlayAndRecord = Rule(
        id: "route.override-only-play-and-record",
        statement: "overrideOutputAudioPort(.speaker) outside playAndRecord fails with -50",
        source: "DOC:avfaudio/avaudiosession/portoverride/speaker; webrtc-sdk-ios#46; stream-chat-swift#2734",
        evidence: .observed)
    static let overrideEndsOnRouteChange = Rule(
        id: "route.override-ends",
        statement: "a speaker override lasts only until the next route change or interruption",
        source: "QA1754; H18",
        evidence: .documented)
    static let preferredInput = Rule(
        id: "route.preferred-input",
        statement: "setPreferredInput picks the input when that port is available (an HFP input takes the output "
            + "with it); nil clears the preference; a change of route is announced",
        source: "H18; H17 (HFP routes both directions)",
        evidence: .documented)
    static let preferredInputNeedsInput = Rule(
        id: "route.preferred-input-needs-input",
        statement: "a category without input has no available inputs to prefer: incompatibleCategory",
        source: "H18 (availableInputs reflects the category; none in playback); HERR ('!cat')",
        evidence: .documented)
    static let avPlayerPausesOnUnplug = Rule(
        id: "player.avplayer-pauses-on-unplug",
        statement: "AVPlayer (and AVQueuePlayer, AVPlayerViewController) pauses itself when the output it played to "
            + "goes away; other players keep playing unless the app pauses them",
        source: "DOC:avfoundation/avaudiosession/responding_to_audio_session_route_changes",
        evidence: .documented)
}
