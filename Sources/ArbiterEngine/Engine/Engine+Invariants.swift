/// What must hold after every event, whatever happened. Checked by `assert` in debug builds and by the tests.
extension Engine {
    /// Every broken invariant, one line each; empty when the state is consistent.
    public func invariantViolations() -> [String] {
        var broken: [String] = []
        let foreground = apps.filter { $0.lifecycle == .foreground }.map(\.id)
        if foreground.count > 1 { broken.append("several foreground apps: \(foreground)") }
        if foreground.first != device.foreground {
            broken.append("device foreground \(device.foreground.map(\.name) ?? "none") but apps say \(foreground)")
        }
        if foregroundIndex.map({ apps[$0].id }) != device.foreground {
            broken.append("the foreground index says \(foregroundIndex.map { apps[$0].id.name } ?? "none")")
        }
        let nonMixableActive = apps.filter { $0.session.isActive && !$0.session.isMixable }.map(\.id)
        if nonMixableActive.count > 1 { broken.append("several non-mixable sessions active: \(nonMixableActive)") }
        // The route owner is the most recently activated session; settle keeps it by comparing serials.
        let serials = apps.filter { $0.session.isActive }.map(\.session.activationSerial)
        if Set(serials).count != serials.count {
            broken.append("active sessions share an activation serial: \(serials)")
        }
        let recorders = apps.indices.filter { apps[$0].session.isActive && apps[$0].session.category == .record }
        let audible = apps.indices.map { i in audibility(i, othersRecord: recorders.contains { $0 != i }).isAudible }
        let nonMixableAudible = apps.indices.filter { audible[$0] && !apps[$0].session.isMixable }
        if nonMixableAudible.count > 1 { broken.append("several non-mixable sessions audible: \(nonMixableAudible)") }
        let overriding = apps.count { $0.session.overridesToSpeaker }
        if overriding > speakerOverrideBound {
            broken.append("\(overriding) apps override to the speaker, above the bound \(speakerOverrideBound)")
        }
        // Sessions waiting for the end of an interruption: by each app (checked against its bound below), and by
        // a call, Siri or an alarm (each must be listed for that interrupter).
        var pendingByApp: [AppID: Int] = [:]
        for (j, app) in apps.enumerated() {
            guard let interruption = app.session.interruption, interruption.endPending else { continue }
            if case .app(let by) = interruption.by { pendingByApp[by, default: 0] += 1 }
            if !interruptions.lists(j, interruptedBy: interruption.by) {
                broken.append(
                    "\(app.id) waits for the end of an interruption by \(interruption.by), which does not "
                        + "list it")
            }
        }
        for (i, app) in apps.enumerated() {
            let name = app.id.name
            let pending = pendingByApp[app.id, default: 0]
            let bound = interruptions.bound(of: i)
            if pending > bound {
                broken.append("\(name) interrupted \(pending) sessions still pending, above its bound \(bound)")
            }
            if app.session.isInterrupted && app.session.isActive { broken.append("\(name) is interrupted yet active") }
            if app.hasRunningIO && !app.session.isActive { broken.append("\(name) runs I/O with an inactive session") }
            // Before iOS 10 a suspended app kept its session active (`suspensionDeactivatesSession`).
            let keepsSession = app.lifecycle == .suspended && !profile.suspensionDeactivatesSession
            if (app.lifecycle == .suspended || app.lifecycle == .terminated)
                && ((app.session.isActive && !keepsSession) || app.hasRunningIO)
            {
                broken.append("\(name) is \(app.lifecycle) yet has an active session or running I/O")
            }
            if audible[i] && !(app.isPlaying && app.session.isActive) {
                broken.append("\(name) is audible without playing in an active session")
            }
            let gain = app.gain.value(at: now)
            if gain < min(profile.duckLevel, 1) - 1e-9 || gain > 1 + 1e-9 {
                broken.append("\(name) gain \(gain) out of range")
            }
            // Settle skips inactive apps that did not change when every gain is re-derived: it relies on this.
            if app.gain.to != gainTarget(i) { broken.append("\(name) gain heads for \(app.gain.to), not its target") }
            if device.call == .active && app.session.isActive && !app.session.isMixable
                && (app.session.category == .record || app.session.category == .playAndRecord)
            {
                broken.append("\(name) records with a non-mixable session during a call")
            }
        }
        let route = currentRoute
        let owner = routeOwner.flatMap(app)?.session ?? AudioSession()
        let routing = Routing(session: owner, accessories: device.accessories, profile: profile)
        for port in route.outputs + route.inputs {
            guard let label = port.accessory else { continue }
            guard let accessory = device.accessories.first(where: { $0.label == label }) else {
                broken.append("route port \(port) belongs to no connected accessory")
                continue
            }
            let isOutput = route.outputs.contains(port)
            let shared = port.type == .bluetoothHFP && hfpRecordingNow  // route.shared-headset-hfp
            if isOutput && !(accessory.kind.outputs.contains(port.type) && (routing.allowsOutput(port.type) || shared))
            {
                broken.append("route output \(port) is not allowed for the owning \(owner.category) session")
            }
            if !isOutput && !(accessory.kind.inputs.contains(port.type) && routing.allowsInput(port.type)) {
                broken.append("route input \(port) is not allowed for the owning \(owner.category) session")
            }
        }
        if let nowPlaying, app(nowPlaying)?.lifecycle == .terminated {
            broken.append("Now Playing \(nowPlaying) is terminated")
        }
        return broken
    }

    /// How the values the engine keeps derived between events differ from a derivation from scratch, if they do.
    func derivedDrift() -> String? {
        let fresh = Derived(self)
        guard derived != fresh else { return nil }
        var differ: [String] = []
        if derived.facts != fresh.facts {
            let apps = derived.facts.indices.filter { $0 >= fresh.facts.count || derived.facts[$0] != fresh.facts[$0] }
            differ.append("facts of apps \(apps)")
        }
        if derived.activeApps != fresh.activeApps { differ.append("active apps") }
        if derived.interruptedApps != fresh.interruptedApps { differ.append("interrupted apps") }
        if derived.route != fresh.route { differ.append("route") }
        if derived.nowPlaying != fresh.nowPlaying { differ.append("Now Playing") }
        return "the derived values (route, Now Playing, audibility, ...) drifted from the state: "
            + (differ.isEmpty ? "another value" : differ.joined(separator: ", "))
    }
}
