import ArbiterEngine

extension PipeWireStage {
    /// Plugs in or unplugs accessories until the graph has `accessories` (after the REPL's undo); the registry's
    /// reports of these changes are consumed, not returned.
    public func match(accessories: [AccessorySpec]) throws(PipeWireError) {
        for accessory in connected where !accessories.contains(accessory) { _ = try disconnect(accessory) }
        for accessory in accessories where !connected.contains(accessory) { _ = try connect(accessory) }
    }

    func createNodes(for accessory: AccessorySpec) throws(PipeWireError) {
        for node in PortNodes.nodes(for: accessory) {
            try connection.createDeviceNode(
                name: node.name, isSource: node.isSource,
                positions: node.isSource || node.port == .bluetoothHFP ? "[ MONO ]" : "[ FL FR ]",
                properties: PortNodes.properties(for: accessory, node: node))
            accessoryOfNode[node.name] = accessory
        }
    }

    /// Plugs an accessory in for real and returns what the registry reported, as engine events.
    public func connect(_ accessory: AccessorySpec) throws(PipeWireError) -> [DeviceAction] {
        try createNodes(for: accessory)
        try connection.sync()
        return registryActions()
    }

    /// Unplugs an accessory for real (destroys its nodes) and returns what the registry reported.
    public func disconnect(_ accessory: AccessorySpec) throws(PipeWireError) -> [DeviceAction] {
        for node in PortNodes.nodes(for: accessory) { connection.destroyNode(named: node.name) }
        try connection.sync()
        return registryActions()
    }

    /// What happened in the registry since the last look (a node destroyed from outside is an unplug).
    public func externalActions() throws(PipeWireError) -> [DeviceAction] {
        try timedExternalActions().map(\.action)
    }

    /// What happened in the registry since the last look, each with the moment the registry told this connection
    /// (`PipeWireConnection.now`'s clock).
    public func timedExternalActions() throws(PipeWireError) -> [(action: DeviceAction, moment: Double)] {
        try connection.sync()
        return timedRegistryActions()
    }

    /// What the registry has already told this connection, without a round trip: for a caller that was woken by
    /// a port event (`PipeWireConnection.waitForPortEvent`), so the first unplug is acted on at once.
    public func deliveredExternalActions() -> [(action: DeviceAction, moment: Double)] { timedRegistryActions() }

    func registryActions() -> [DeviceAction] { timedRegistryActions().map(\.action) }

    func timedRegistryActions() -> [(action: DeviceAction, moment: Double)] {
        var actions: [(action: DeviceAction, moment: Double)] = []
        for (event, moment) in connection.takeTimedPortEvents() {
            switch event {
            case .added(let name):
                guard let accessory = accessoryOfNode[name], !connected.contains(accessory) else { continue }
                connected.append(accessory)
                actions.append((.connect(accessory), moment))
            case .removed(let name):
                forgetLinks(to: name)
                guard let accessory = accessoryOfNode[name], let index = connected.firstIndex(of: accessory) else {
                    continue
                }
                connected.remove(at: index)
                for node in PortNodes.nodes(for: accessory) where node.name != name {
                    connection.destroyNode(named: node.name)
                }
                actions.append((.disconnect(accessory), moment))
            }
        }
        return actions
    }

    /// A port node gone takes its links with it: nothing counts as linked to it any more, so a node made again
    /// under its name (the accessory plugged back) is linked anew. Without this, a recorder stopped while its
    /// input was unplugged stayed unlinked when it recorded again from the plugged-back input (arbiter soak).
    func forgetLinks(to node: String) {
        for (name, wanted) in applied where wanted.targets.contains(node) {
            applied[name]!.targets.removeAll { $0 == node }
        }
        busTargets.removeAll { $0 == node }
    }
}
