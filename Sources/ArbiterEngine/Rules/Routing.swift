/// Which ports audio goes to and comes from: last in wins among the ports the owning session allows.
extension Engine {
    /// The app whose session owns the hardware and so decides the route: the most recent active
    /// non-mixable session, else the most recent active one; nil when no session is active.
    public var routeOwner: AppID? { routeOwnerIndex.map { apps[$0].id } }

    /// The route's owner among `apps`: the most recent active non-mixable session, else the most recent active one.
    static func routeOwner(among apps: AppTable) -> Int? {
        var best: (index: Int, mixable: Bool, serial: Int)?
        for i in apps.indices where apps[i].session.isActive {
            let mixable = apps[i].session.isMixable
            let serial = apps[i].session.activationSerial
            guard let current = best else {
                best = (i, mixable, serial)
                continue
            }
            if (current.mixable && !mixable) || (current.mixable == mixable && current.serial < serial) {
                best = (i, mixable, serial)
            }
        }
        return best?.index
    }

    /// The route: the owning session's (`routeOwnerIndex`), or the default (soloAmbient) route when none is active.
    func routeByRule() -> Route {
        route(for: routeOwnerIndex.map { apps[$0].session } ?? AudioSession())
    }

    /// The route `session` gets with the accessories connected now; `sharedHFP` when another session records over
    /// a headset's HFP (default: whether one does now).
    public func route(for session: AudioSession, sharedHFP: Bool? = nil) -> Route {
        Routing(
            session: session, accessories: device.accessories, profile: profile,
            sharedHFP: sharedHFP ?? hfpRecordingNow
        ).route
    }

    /// Whether an app records with an active session that allows Bluetooth HFP now: the count at the last settle,
    /// corrected by the apps changed since.
    var hfpRecordingNow: Bool {
        var count = derived.hfpRecorders
        for k in 0..<apps.unsettledCount {
            let i = apps.unsettled(k)
            if i < derived.facts.count && derived.facts[i].recordsOverHFP { count -= 1 }
            if apps[i].facts.recordsOverHFP { count += 1 }
        }
        return count > 0
    }
}

/// The route decision for one session, as a pure function of its configuration and the accessories.
struct Routing {
    let session: AudioSession
    let accessories: [Accessory]
    let profile: Profile
    /// Another session records over a headset's HFP: the headset carries HFP for everyone (§13.6).
    var sharedHFP = false

    var category: Category { session.category }
    var options: CategoryOptions { session.effectiveOptions }

    var route: Route {
        let own = ownRoute
        guard sharedHFP else { return own }
        // A headset that carries another session's HFP recording carries everyone's audio as HFP.
        let outputs = own.outputs.map { port -> Port in
            guard port.type == .bluetoothA2DP,
                let accessory = accessories.first(where: { $0.label == port.accessory }),
                accessory.kind.outputs.contains(.bluetoothHFP)
            else { return port }
            return Port(.bluetoothHFP, accessory: accessory.label)
        }
        return Route(outputs: outputs, inputs: own.inputs)
    }

    /// The route the session's own configuration gets.
    private var ownRoute: Route {
        guard category.traits.hasOutput || category.traits.hasInput else { return Route() }
        if session.overridesToSpeaker && category == .playAndRecord {
            return Route(outputs: [Port(.builtInSpeaker)], inputs: [Port(.builtInMic)])
        }
        guard category.traits.hasOutput else { return Route(inputs: [chosenInput()]) }
        // An HFP port carries input and output together: the HFP device takes both directions when it is the
        // last in among the outputs (or the preferred input), and neither otherwise, so that separate Bluetooth
        // devices follow last in wins for output.
        if let hfp = handsFreeDevice {
            return Route(outputs: [hfp], inputs: [hfp])
        }
        let outputs = chosenOutputs
        return Route(outputs: outputs, inputs: category.traits.hasInput ? [chosenInput(excludingHFP: true)] : [])
    }

    /// The HFP port the route uses in both directions: the preferred input's, when the app prefers HFP and a device
    /// offers it, else the last-in output device's when that output is HFP.
    var handsFreeDevice: Port? {
        guard category.traits.hasInput, allowsInput(.bluetoothHFP) else { return nil }
        if session.preferredInput == .bluetoothHFP,
            let device = accessories.last(where: { $0.kind.inputs.contains(.bluetoothHFP) })
        {
            return Port(.bluetoothHFP, accessory: device.label)
        }
        let output = chosenOutputs[0]
        return output.type == .bluetoothHFP ? output : nil
    }

    /// Whether the session may send output to `port`.
    func allowsOutput(_ port: PortType) -> Bool {
        switch category {
        case .ambient, .soloAmbient, .playback:
            return port != .bluetoothHFP
        case .playAndRecord:
            switch port {
            case .bluetoothA2DP: return options.contains(.allowBluetoothA2DP)
            case .airPlay: return options.contains(.allowAirPlay)
            case .bluetoothHFP: return options.contains(.allowBluetoothHFP)
            default: return true
            }
        case .multiRoute:
            return [.usbAudio, .lineOut, .headphones, .HDMI].contains(port)
        case .record, .audioProcessing:
            return false
        }
    }

    /// Whether the session may take input from `port`.
    func allowsInput(_ port: PortType) -> Bool {
        switch port {
        case .bluetoothHFP: category != .multiRoute && options.contains(.allowBluetoothHFP)
        case .headsetMic, .usbAudio: true
        case .carAudio, .lineIn: category != .multiRoute
        default: false
        }
    }

    /// The accessory's output this session would use: HFP wins over A2DP on the same device.
    func output(of accessory: Accessory) -> PortType? {
        let ports = accessory.kind.outputs
        if ports.contains(.bluetoothHFP) && allowsOutput(.bluetoothHFP) { return .bluetoothHFP }
        return ports.first { $0 != .bluetoothHFP && allowsOutput($0) }
    }

    var chosenOutputs: [Port] {
        if category == .multiRoute {
            let all = accessories.compactMap { accessory in
                output(of: accessory).map { Port($0, accessory: accessory.label) }
            }
            return all.isEmpty ? [Port(.builtInSpeaker)] : all
        }
        let speakerFirst =
            category == .playAndRecord && options.contains(.defaultToSpeaker)
            && profile.defaultToSpeakerOverridesHeadphones
        if !speakerFirst, let last = accessories.last(where: { output(of: $0) != nil }) {
            return [Port(output(of: last)!, accessory: last.label)]
        }
        if category == .playAndRecord && !options.contains(.defaultToSpeaker) {
            return [Port(.builtInReceiver)]
        }
        return [Port(.builtInSpeaker)]
    }

    /// The input: the preferred one when it is available, else the last in among the allowed inputs, else the
    /// built-in mic. With `excludingHFP`, HFP inputs are not candidates (taking one would move the output).
    func chosenInput(excludingHFP: Bool = false) -> Port {
        let available: [Port] = accessories.flatMap { accessory in
            accessory.kind.inputs.filter { allowsInput($0) && !(excludingHFP && $0 == .bluetoothHFP) }
                .map { Port($0, accessory: accessory.label) }
        }
        if let preferred = session.preferredInput {
            if preferred == .builtInMic { return Port(.builtInMic) }
            if let port = available.last(where: { $0.type == preferred }) { return port }
        }
        return available.last ?? Port(.builtInMic)
    }
}

extension Rule {
    static let sharedHeadsetHFP = Rule(
        id: "route.shared-headset-hfp",
        statement: "while a session that allows Bluetooth HFP records over a headset that also carries another app's "
            + "A2DP playback, the headset switches to HFP for all audio, mixable or not, until that recording ends; "
            + "without allowBluetoothHFP the recorder uses the built-in mic and the A2DP output stays",
        source: "§13.6: n0an/VivaDicta#371 and #375 (maintainer, reproduced); cordova-rtc/cordova-plugin-iosrtc#643 "
            + "(iOS 14.4); tetujin/aware-client-ios-v2#5 (7 of 8 iPhones)",
        evidence: .observed)
}
