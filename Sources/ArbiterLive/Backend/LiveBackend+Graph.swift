import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario

extension LiveBackend {
    /// What the graph did since the last call, as engine events at `time`: programs that appeared are declared,
    /// streams that started or stopped running play or pause their apps (`LiveRule.streamRuns`, `.streamStops`),
    /// system audio begins and ends (`.systemAudio`), and devices come and go as accessories (`.accessory`).
    public func externalEvents(at time: Time) throws -> [OutsideEvent] {
        let snapshot = graph.snapshot()
        var events: [Event] = []
        let present = Set(snapshot.nodes.map(\.id))
        // Devices first: a sink unplugged leaves its streams idle until they are linked elsewhere, which is the
        // unplug's doing, not the programs'.
        events += devicesSeen(
            snapshot.nodes.filter { !$0.isStream }, present: present, devices: Set(snapshot.devices.map(\.id)),
            defaultSink: snapshot.defaultSink)
        events += routesSeen(snapshot.devices)
        for id in programs.keys.sorted() where !present.contains(id) {
            events += streamGone(id, at: time)
        }
        for node in snapshot.nodes where node.isStream && node.mediaClass.contains("Audio") {
            events += streamSeen(node, at: time)
        }
        events += heldStopsDue(at: time)
        events = pendingEvents + events
        pendingEvents = []
        return events.map { OutsideEvent($0, at: time) }
    }

    /// A stream as now published: declared when new, then its app told whether it runs. A stream must stay
    /// stopped for `stopGrace` to be its app pausing: one relinked (its sink gone, another found) runs again sooner.
    func streamSeen(_ node: ProgramNode, at time: Time) -> [Event] {
        var events: [Event] = []
        if programs[node.id] == nil {
            let identity = ProgramIdentity.of(node.properties, rules: rules)
            if let unknown = identity.unknownRole {
                logger.notice("\(unknown)")
            } else if !rules.programs.isEmpty && identity.because.hasPrefix("role.") {
                logger.notice(
                    "no rule names \(ProgramIdentity.name(from: node.properties)); it is taken as \(identity.because)")
            }
            let program = take(node, as: identity, declaring: &events)
            programs[node.id] = program
            let app = program.app
            let name = node.properties["application.name"] ?? node.properties["node.name"] ?? "?"
            notes.append(
                "program \"\(name)\" (node \(node.id), \(node.properties["media.role"].map { "role \($0)" } ?? "no role")) "
                    + "is \(app.map { "app \($0)" } ?? "the system's \(identity.system!.rawValue)") as \(identity.because)"
            )
        } else if let earlier = programs[node.id], !earlier.hasRun {
            events += reidentify(earlier, as: node)
        }
        var program = programs[node.id]!
        if hands.someoneElseSetProps(node) && program.applied != 1 {
            program.appliedOver = []  // the user set the program's volume or mute: the duck is applied again over it
        }
        program.node = node
        defer { programs[node.id] = program }
        if let system = program.identity.system {
            return events + systemAudio(system, node: node.id, running: program.isRunning)
        }
        guard let app = program.app else { return events }
        if program.pausedBy?.corks == true {
            // Corked again as it was paused (told Pause too, when it was), so that it is resumed the same way.
            if hands.recorkIfLapsed(&program.corkLapsed, node: node, label: program.label) {
                notes.append("⇒ \(program.label): started again by the daemon; corked again  [\(LiveRule.cork.id)]")
            }
            return events
        }
        if program.pausedBy != nil {
            // Paused by Arbiter: its stream stopping is the pause obeyed; running again after that is the user
            // playing it anew.
            if !program.isRunning {
                program.obeyedPause = true
                return events
            }
            guard program.obeyedPause, !program.pauseChecked, case .mpris = program.pausedBy else { return events }
            program.pausedBy = nil
            program.obeyedPause = false
            notes.append("\(program.label) plays again by itself after Arbiter paused it")
            program.toldPlaying = false
        }
        if program.isRunning {
            program.hasRun = true
            program.stoppedSince = nil
            guard !program.toldPlaying else { return events }
            program.toldPlaying = true
            program.runningSince = time
            if held.removeValue(forKey: app) != nil {
                // A new stream of an app whose short one stopped within the hold: the app never stopped.
                notes.append("\(program.label) runs within the hold of its app's last stream: \(app) plays on")
                return events
            }
            return events + starts(app, captures: program.identity.captures)
        }
        guard program.toldPlaying && node.state != .creating else { return events }
        let since = program.stoppedSince ?? time
        program.stoppedSince = since
        // A stream that ran only a moment is held the longer: it may be a prompt's first breath (espeak-ng opens
        // one for a few milliseconds before each prompt).
        let grace = program.ranShort(until: since) ? LiveBackend.shortStreamHold : LiveBackend.stopGrace
        guard time - since >= grace else { return events }
        program.toldPlaying = false
        program.stoppedSince = nil
        programs[node.id] = program  // no longer one of the app's streams that run (`stops`)
        return events + stops(app, captures: program.identity.captures, gone: false)
    }

    /// How long a stream stays stopped before its app is taken to have paused.
    public static let stopGrace = Time.ms(150)

    /// A breath: a stream that ran for less than this before it stopped or went away, as espeak-ng's opened for a
    /// few milliseconds before each prompt.
    public static let breath = Time.ms(100)

    /// The hold: after a breath, its app plays on this much longer, so that a program that breathes before each
    /// prompt ducks once, not duck, unduck and duck again. A stream of the same app that runs within the hold carries
    /// on the app's play; a stream that ran longer than a breath stops its app at once.
    public static let shortStreamHold = Time.ms(1000)

    /// The stops held for apps whose short stream went away, once the hold is over with no stream running again.
    func heldStopsDue(at time: Time) -> [Event] {
        var events: [Event] = []
        for app in held.keys.sorted(by: { $0.name < $1.name }) where held[app]!.until <= time {
            let hold = held.removeValue(forKey: app)!
            notes.append("\(app)'s hold is over with no stream running: it stops")
            events += stops(app, captures: hold.captures, gone: true)
        }
        return events
    }

    /// The program a stream is, as `identity` makes it: its app (`appFor`), declared in `events` when new.
    func take(_ node: ProgramNode, as identity: ProgramIdentity, declaring events: inout [Event]) -> Program {
        var app: AppID?
        if let config = identity.app {
            let (name, declaration) = appFor(config)
            app = name
            if let declaration { events.append(.declare(declaration)) }
        }
        return Program(node: node, identity: identity, app: app)
    }

    /// A stream that has not run yet, taken again as what its properties make it now: a program's node may appear a
    /// moment before its `media.role` is set (mpv's does), and is not "no role" for good. Its earlier app, never
    /// played, is left idle.
    func reidentify(_ earlier: Program, as node: ProgramNode) -> [Event] {
        let identity = ProgramIdentity.of(node.properties, rules: rules)
        guard identity != earlier.identity else { return [] }
        var events: [Event] = []
        let program = take(node, as: identity, declaring: &events)
        programs[node.id] = program
        let app = program.app
        let what = { (identity: ProgramIdentity, app: AppID?) in
            "\(app.map { "app \($0)" } ?? "the system's \(identity.system?.rawValue ?? "audio")") as \(identity.because)"
        }
        notes.append(
            "program (node \(node.id)) now has \(node.properties["media.role"].map { "role \($0)" } ?? "no role"): it is "
                + "\(what(identity, app)), no longer \(what(earlier.identity, earlier.app)) (its properties changed "
                + "before it first ran)")
        return events
    }

    /// A stream that went away: its app stops (held for `shortStreamHold` when it ran only a moment), its system
    /// audio may end. With no time (the daemon restarted), it stops at once.
    func streamGone(_ id: UInt32, at time: Time? = nil) -> [Event] {
        guard let program = programs.removeValue(forKey: id) else { return [] }
        notes.append("\(program.label) went away")
        hands.forget(id)
        if let system = program.identity.system { return systemAudio(system, node: id, running: false) }
        guard let app = program.app, program.toldPlaying || program.pausedBy != nil else { return [] }
        if let time, program.toldPlaying, program.pausedBy == nil, program.ranShort(until: time),
            !programs.values.contains(where: { $0.app == app && $0.toldPlaying })
        {
            held[app] = (time + LiveBackend.shortStreamHold, program.identity.captures)
            notes.append("\(app) is held for \(LiveBackend.shortStreamHold): its stream ran only a breath")
            return []
        }
        return stops(app, captures: program.identity.captures, gone: true)
    }

    /// Playing, after coming to the foreground when the app needs it and is not there yet (one that records always
    /// does: iOS lets an app start recording in the background only in a non-mixable session).
    func starts(_ app: AppID, captures: Bool) -> [Event] {
        var events: [Event] = []
        if let config = declared[app], captures || LiveBackend.needsForeground(config),
            engine?.app(app)?.lifecycle != .foreground
        {
            events.append(.app(app, .foreground))
        }
        events.append(.app(app, captures ? .record : .play()))
        return events
    }

    /// Pausing (or stopping, for a stream gone), then deactivating with notifyOthers when the rules say so.
    func stops(_ app: AppID, captures: Bool, gone: Bool) -> [Event] {
        var events: [Event] = [.app(app, captures ? .stopRecording : (gone ? .stop() : .pause()))]
        // Another stream of the same app still running keeps the session.
        let othersRun = programs.values.contains { $0.app == app && $0.isRunning && $0.toldPlaying }
        if rules.endNotifiesOthers && !othersRun {
            events.append(.app(app, .deactivate(notifyOthers: true)))
        }
        return events
    }

    /// The system's call, assistant or alarm: begins with its first stream running, ends with the last. A call
    /// also follows the phone stack's state (`modemCall`).
    func systemAudio(_ kind: SystemAudio, node: UInt32, running: Bool) -> [Event] {
        let callBefore = callStatus
        var streams = systemRunning[kind] ?? []
        let before = streams.isEmpty
        if running { streams.insert(node) } else { streams.remove(node) }
        systemRunning[kind] = streams
        guard before != streams.isEmpty else { return [] }
        let begins = before
        switch kind {
        case .call: return callEvents(from: callBefore, to: callStatus)
        case .assistant: return [.system(begins ? .siriBegin : .siriEnd)]
        case .alarm: return [.system(begins ? .alarmBegin : .alarmEnd)]
        }
    }

    /// The call as the engine should know it: under way while a call stream runs or the modem has a call under
    /// way, ringing while the modem's only call rings.
    var callStatus: PhoneCallStatus {
        if !(systemRunning[.call] ?? []).isEmpty || modemCall == .active { return .active }
        return modemCall
    }

    /// The system events that take the engine's call from one status to another: a call's audio starts once it
    /// is answered, so a call that is under way at once rang first.
    func callEvents(from old: PhoneCallStatus, to new: PhoneCallStatus) -> [Event] {
        let actions: [SystemAction] =
            switch (old, new) {
            case (.idle, .ringing): [.incomingCall]
            case (.idle, .active): [.incomingCall, .answerCall]
            case (.ringing, .active): [.answerCall]
            case (.ringing, .idle): [.declineCall]
            case (.active, .idle): [.endCall]
            default: []  // a second call waiting while one is under way changes nothing
            }
        return actions.map { .system($0) }
    }

    /// The phone stack's call state (ModemManager), read by the session: a modem call makes no stream of its own.
    /// Its events come with the next `externalEvents`.
    public func phoneStack(_ status: PhoneCallStatus) {
        guard status != modemCall else { return }
        let before = callStatus
        modemCall = status
        notes.append("the phone stack's call is \(status.rawValue)")
        pendingEvents += callEvents(from: before, to: callStatus)
    }

    /// The app for a stream declared as `config`: the first app of that name and declaration with no stream now,
    /// else a new one (`Maps`, `Maps-2`, ...), with the declaration to make when it is new.
    func appFor(_ config: AppConfig) -> (AppID, AppConfig?) {
        let base = config.name.name
        var index = 1
        while true {
            let name = AppID(index == 1 ? base : "\(base)-\(index)")
            var candidate = config
            candidate.name = name
            if let existing = declared[name] {
                if existing == candidate && !programs.values.contains(where: { $0.app == name }) { return (name, nil) }
            } else {
                declared[name] = candidate
                return (name, candidate)
            }
            index += 1
        }
    }

    /// Devices as now published: accessories connected and disconnected.
    func devicesSeen(_ nodes: [ProgramNode], present: Set<UInt32>, devices: Set<UInt32>, defaultSink: String?)
        -> [Event]
    {
        var events: [Event] = []
        for key in accessories.keys.sorted() {
            var entry = accessories[key]!
            entry.nodes = entry.nodes.intersection(present)
            if entry.nodes.isEmpty, let device = DeviceNode.deviceID(key), devices.contains(device) {
                // Its nodes went but its device is still there: a profile switch (Bluetooth's A2DP to HFP for a
                // call, a card's profile), not an unplug. The accessory stays; its new nodes join it.
                if !accessories[key]!.nodes.isEmpty {
                    notes.append(
                        "\(entry.spec)'s nodes went but its device is there: a profile switch, not a disconnection")
                }
                accessories[key] = entry
            } else if entry.nodes.isEmpty {
                accessories[key] = nil
                connectedOrder.removeAll { $0 == key }
                events.append(.device(.disconnect(entry.spec)))
            } else {
                accessories[key] = entry
            }
        }
        // The default sink's device connects last of those that appear together: the newest accessory is the
        // route, and the route is where the graph plays.
        let defaultKey = defaultSink.flatMap { sink in nodes.first { $0.properties["node.name"] == sink } }
            .map(DeviceNode.key)
        let ordered =
            nodes.filter { DeviceNode.key($0) != defaultKey } + nodes.filter { DeviceNode.key($0) == defaultKey }
        for node in ordered {
            guard let kind = DeviceNode.accessory(node) else { continue }
            let key = DeviceNode.key(node)
            if accessories[key] != nil {
                accessories[key]!.nodes.insert(node.id)
                continue
            }
            let spec = AccessorySpec(kind, name: DeviceNode.name(node))
            accessories[key] = (spec, [node.id])
            connectedOrder.append(key)
            events.append(.device(.connect(spec)))
        }
        return events + defaultSinkMoved(to: defaultSink, key: defaultKey)
    }

    /// A sound card's routes as accessories: a route whose port type stands for one (`DeviceNode.accessory(port:)`)
    /// is it connected while available, and disconnected when it is not (a jack pulled) or its device goes. Of those
    /// that become available together, the one in use connects last, so that it is the route.
    func routesSeen(_ devices: [ProgramDevice]) -> [Event] {
        var present: [String: (spec: AccessorySpec, active: Bool)] = [:]
        for device in devices {
            // A headset's output and mic are one accessory: one a port type of a device, named for its output.
            for route in device.routes.sorted(by: { $0.isOutput && !$1.isOutput }) where route.availability == .yes {
                guard let kind = DeviceNode.accessory(port: route.portType, output: route.isOutput) else { continue }
                let key = "route \(device.id) \(route.portType)"
                let spec =
                    present[key]?.spec
                    ?? AccessorySpec(kind, name: route.description.isEmpty ? route.name : route.description)
                present[key] = (spec, route.isActive || present[key]?.active == true)
            }
        }
        var events: [Event] = []
        for key in routeAccessories.keys.sorted() where present[key] == nil {
            let spec = routeAccessories.removeValue(forKey: key)!
            connectedOrder.removeAll { $0 == key }
            events.append(.device(.disconnect(spec)))
        }
        let new = present.keys.filter { routeAccessories[$0] == nil }.sorted { a, b in
            (present[a]!.active ? 1 : 0, a) < (present[b]!.active ? 1 : 0, b)
        }
        for key in new {
            routeAccessories[key] = present[key]!.spec
            connectedOrder.append(key)
            events.append(.device(.connect(present[key]!.spec)))
        }
        return events
    }

    /// The default sink moved (the user chose another output): to an accessory already connected that is not the
    /// newest, it is taken as that accessory connected anew, so that it is the route (nothing pauses: a new device);
    /// to a built-in output while accessories are connected, a line says the model's route stays the newest
    /// accessory, as iOS routes to a connected accessory.
    func defaultSinkMoved(to sink: String?, key: String?) -> [Event] {
        guard sink != lastDefaultSink else { return [] }
        lastDefaultSink = sink
        guard let sink else { return [] }
        guard let key, let entry = accessories[key] else {
            if let newest = connectedOrder.last, let route = accessories[newest] {
                notes.append(
                    "the default sink is now \(sink), a built-in output; the route stays \(route.spec), the "
                        + "newest accessory connected, as iOS keeps a connected accessory the route")
            }
            return []
        }
        guard connectedOrder.last != key else { return [] }
        connectedOrder.removeAll { $0 == key }
        connectedOrder.append(key)
        notes.append(
            "the default sink is now \(sink) (\(entry.spec)): taken as connected anew, so that it is the route")
        return [.device(.disconnect(entry.spec)), .device(.connect(entry.spec))]
    }

    /// Whether an app declared so must be the foreground app to start: one that is not mixable (in the background
    /// only Now Playing may interrupt others), or an ambient one (heard only in the foreground).
    static func needsForeground(_ config: AppConfig) -> Bool {
        if config.category == .ambient || config.category == .soloAmbient { return true }
        return !(config.options.contains(.mixWithOthers) || config.options.contains(.duckOthers))
    }
}
