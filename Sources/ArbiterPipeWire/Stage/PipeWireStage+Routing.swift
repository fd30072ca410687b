import ArbiterEngine

extension PipeWireStage {
    /// The bus the next playback stream plays into; a new bus (linked to the route) when the last one is full.
    func busForNextStream() throws(PipeWireError) -> String {
        let index = playbackStreams / StreamLimits.streamsPerBus
        if index < buses.count { return buses[index] }
        guard index < StreamLimits.maxBuses else {
            throw PipeWireError(StreamLimits.tooManyPlaybackStreams(playbackStreams + 1))
        }
        let name = "\(PipeWireStage.bus).\(index + 1)"
        if !connection.nodeExists(name) {
            try connection.createDeviceNode(
                name: name, isSource: false, positions: "[ FL FR ]",
                properties: [("device.api", "arbiter"), ("device.form-factor", "internal")])
        }
        buses.append(name)
        for _ in 0..<50 where !connection.nodeExists(name) { try connection.sync() }
        try connection.sync()
        if !busTargets.isEmpty { try linkBus(index, to: busTargets) }
        return name
    }

    /// Links the route buses to the route's output ports, unless they are linked there already; returns whether
    /// they were relinked. With no output (a record session owns the hardware) they stay where they were: the
    /// model says the others play but are not heard, and mutes them.
    func routeBuses(to route: Route) throws(PipeWireError) -> Bool {
        let outputs = route.outputs.map { PortNodes.node(for: $0, isInput: false) }
        let wanted = !outputs.isEmpty ? outputs : busTargets.isEmpty ? [PipeWireStage.speaker] : busTargets
        guard wanted != busTargets else { return false }
        try linkBuses(to: wanted)
        return true
    }

    /// After the round trip of a reconciliation that relinked the buses (`busChanged`) or the capture streams
    /// `relinked`: if the daemon refused a link to a node that went away meanwhile, links again to what is left;
    /// if it refused one for another reason, unlinks what was relinked and throws.
    func checkLinks(busChanged: Bool, relinked: [String], timeout: Int) throws(PipeWireError) {
        let error = connection.lastError
        guard (busChanged || !relinked.isEmpty) && !error.isEmpty else { return }
        connection.clearError()
        let vanished = (busTargets + relinked.flatMap { applied[$0]!.targets }).filter { !connection.nodeExists($0) }
        if !vanished.isEmpty {
            // The daemon refused links to a node that went away meanwhile: link again to what is left.
            if busChanged { try linkBuses(to: busTargets) }
            for name in relinked { try link(name, to: applied[name]!.targets) }
            try connection.sync(timeoutMilliseconds: timeout)
            if connection.lastError.isEmpty { return }
        }
        let refused = connection.lastError.isEmpty ? error : connection.lastError
        connection.clearError()
        if busChanged {
            for index in buses.indices { connection.unlink(group: index) }
            busTargets = []
        }
        for name in relinked {
            connection.unlink(streams[name]!)
            applied[name]!.targets = []
        }
        throw PipeWireError(
            "the daemon refused a link (\(refused)); "
                + (busChanged ? "the route bus is unlinked" : "\(relinked.joined(separator: ", ")) unlinked")
                + " until the next change")
    }

    static let speaker = "arbiter.port.builtInSpeaker"
    static let mic = "arbiter.port.builtInMic"

    /// Links every bus to `targets` (replacing their links), leaving out port nodes that are gone; with none
    /// left, to the built-in speaker.
    func linkBuses(to targets: [String]) throws(PipeWireError) {
        for index in buses.indices { try linkBus(index, to: targets) }
        busTargets = targets
    }

    func linkBus(_ index: Int, to targets: [String]) throws(PipeWireError) {
        connection.unlink(group: index)
        try linkToPresent(targets, fallback: PipeWireStage.speaker, unlink: { connection.unlink(group: index) }) {
            (target: String) throws(PipeWireError) in
            do { try connection.link(group: index, from: buses[index], to: target) } catch {
                throw PipeWireError("cannot route to \(target): \(error)")
            }
        }
    }

    /// Links a capture stream to `targets` (replacing its links), leaving out port nodes that are gone; with
    /// none left, to the built-in mic.
    func link(_ name: String, to targets: [String]) throws(PipeWireError) {
        let stream = streams[name]!
        connection.unlink(stream)
        guard !targets.isEmpty else { return }
        try linkToPresent(targets, fallback: PipeWireStage.mic, unlink: { connection.unlink(stream) }) {
            (target: String) throws(PipeWireError) in
            do { try connection.link(stream, to: target) } catch {
                throw PipeWireError("cannot route \(name) to \(target): \(error)")
            }
        }
    }

    /// Links to those of `targets` that exist, or to `fallback` when none does. A target that went away after it
    /// was looked up (an unplug racing the decision) fails its link: then, once a round trip has brought this
    /// connection's registry up to date, the links are made again to the targets left. Any other failure is thrown.
    func linkToPresent(
        _ targets: [String], fallback: String, unlink: () -> Void,
        link: (String) throws(PipeWireError) -> Void
    ) throws(PipeWireError) {
        var present = targets.filter(connection.nodeExists)
        while true {
            do {
                for target in present.isEmpty ? [fallback] : present { try link(target) }
                return
            } catch {
                unlink()
                try connection.sync()
                let left = targets.filter(connection.nodeExists)
                guard left.count < present.count else { throw error }
                present = left
            }
        }
    }
}
