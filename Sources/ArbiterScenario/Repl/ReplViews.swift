import ArbiterEngine

/// What the REPL prints for its inspection commands.
enum ReplViews {
    static func state(_ engine: Engine, app id: AppID?, time: Time) -> [String] {
        guard let id, let app = engine.app(id) else {
            let device = engine.device
            var lines = [
                "time \(time)  ringer \(device.ringer)  \(device.isLocked ? "locked" : "unlocked")  foreground "
                    + (device.foreground.map(\.name) ?? "none") + (device.call.map { "  call \($0)" } ?? "")
                    + (device.isSiriActive ? "  Siri" : "") + (device.isAlarmActive ? "  alarm" : "")
                    + (device.builtInMicMuted ? "  mic muted" : "")
                    + (device.callStyle == .fullScreen ? "  calls fullScreen" : "")
            ]
            lines.append(
                "accessories: "
                    + (device.accessories.isEmpty
                        ? "none" : device.accessories.map(\.description).joined(separator: ", ")))
            lines.append("route: \(engine.currentRoute)")
            for app in engine.apps { lines.append(summary(engine, app, time: time)) }
            return lines
        }
        let session = app.session
        var lines = [summary(engine, app, time: time)]
        lines.append(
            "  category \(session.category)  mode \(session.effectiveMode)  options \(session.effectiveOptions)")
        if let interruption = session.interruption {
            lines.append("  interrupted by \(interruption.by) at \(interruption.at) (reason \(interruption.reason))")
        }
        lines.append(
            "  players: "
                + app.players.map { player in
                    let shown = engine.player(player.name, of: id) ?? player
                    var text =
                        "\(player.name) (\(player.kind)\(player.drivesMusicApp ? ", the Music app's" : "")) \(shown.state)"
                    if let item = shown.currentItem {
                        text += " \(item.title.map { "'\($0)'" } ?? "item \(shown.itemIndex + 1)")"
                    }
                    let position = shown.position(at: time)
                    if position > 0 { text += " at \(Profile.text(position))s" }
                    if shown.rate != 1 { text += " rate \(Profile.text(shown.rate))" }
                    return text
                }.joined(separator: ", "))
        lines.append(
            "  otherAudioPlaying \(engine.isOtherAudioPlaying(for: id))  secondaryAudioShouldBeSilenced "
                + "\(engine.secondaryAudioShouldBeSilencedHint(for: id))")
        return lines
    }

    static func summary(_ engine: Engine, _ app: App, time: Time) -> String {
        let session = app.session
        var flags: [String] = [app.lifecycle.rawValue, session.category.rawValue]
        flags.append(session.isActive ? "active" : session.isInterrupted ? "interrupted" : "inactive")
        if app.isPlaying { flags.append("playing") }
        if app.isRecording { flags.append("recording") }
        flags.append(engine.audibility(of: app.id)?.isAudible == true ? "audible" : "silent")
        if engine.isDucked(app.id) {
            flags.append("ducked gain \(Profile.text(engine.gain(of: app.id, at: time) ?? 1))")
        }
        if engine.nowPlaying == app.id { flags.append("Now Playing") }
        return "\(app.id): " + flags.joined(separator: ", ")
    }

    static func nowPlaying(_ engine: Engine, time: Time) -> String {
        guard let view = engine.nowPlayingView(at: time) else { return "nothing is Now Playing" }
        var text = "Now Playing: \(view.app)"
        if let title = view.title { text += " \"\(title)\"" }
        if let elapsed = view.elapsed { text += " elapsed \(Profile.text(elapsed))s" }
        if let duration = view.duration { text += " of \(Profile.text(duration))s" }
        if let rate = view.rate { text += " rate \(Profile.text(rate))" }
        return text
    }

    static func value(_ engine: Engine, app id: AppID, property: String, time: Time) -> String? {
        guard let app = engine.app(id) else { return nil }
        switch property {
        case "active": return String(app.session.isActive)
        case "interrupted": return String(app.session.isInterrupted)
        case "playing": return String(app.isPlaying)
        case "recording": return String(app.isRecording)
        case "audible": return String(engine.audibility(of: id)?.isAudible ?? false)
        case "gain": return Profile.text(engine.gain(of: id, at: time) ?? 1)
        case "ducked": return String(engine.isDucked(id))
        case "state": return app.lifecycle.rawValue
        case "category": return app.session.category.rawValue
        case "mode": return app.session.effectiveMode.rawValue
        case "options": return app.session.effectiveOptions.description
        case "mixable": return String(app.session.isMixable)
        case "nowPlaying": return String(engine.nowPlaying == id)
        default: return nil
        }
    }

    static func ruleTree(_ rule: Rule, indent: String) -> [String] {
        ["\(indent)├─ rule [\(rule.id)] \(rule.statement)", "\(indent)└─ source \(rule.source) (\(rule.evidence))"]
    }
}
