/// Dispatches an app's call to the rule that decides it.
extension Engine {
    /// Applies a call of app `i` that `rejection(of:by:)` found valid.
    mutating func apply(_ action: AppAction, to i: Int, _ effects: inout Effects) -> StepResult {
        switch action {
        case .launch: return launch(i, &effects)
        case .foreground: return bringToForeground(i, &effects)
        case .terminate: return terminate(i, &effects)
        case .background: return sendToBackground(i, &effects)
        default: break
        }
        wakeIfSuspended(i, &effects)
        switch action {
        case .setCategory(let category, let mode, let options):
            return setCategory(i, category, mode: mode, options: options, &effects)
        case .setMode(let mode): return setMode(i, mode, &effects)
        case .activate: return activate(i, &effects)
        case .deactivate(let notifyOthers): return deactivate(i, notifyOthers: notifyOthers, &effects)
        case .play(let player): return play(i, player: player, &effects)
        case .pause(let player): return halt(i, player: player, to: .paused, &effects)
        case .stop(let player): return halt(i, player: player, to: .stopped, &effects)
        case .record: return record(i, &effects)
        case .stopRecording: return stopRecording(i, &effects)
        case .overrideOutput(let speaker): return overrideOutput(i, speaker: speaker, &effects)
        case .preferInput(let port): return preferInput(i, port, &effects)
        case .nowPlayingInfo(let info): return publish(i, info, &effects)
        case .enableCommands(let commands): return setCommands(i, commands, enabled: true, &effects)
        case .disableCommands(let commands): return setCommands(i, commands, enabled: false, &effects)
        case .seek(let player, let seconds): return seek(i, player: player, to: seconds, &effects)
        case .rate(let player, let rate): return setRate(i, player: player, rate, &effects)
        case .nextTrack(let player): return nextTrack(i, player: player, &effects)
        case .showVideo(let player, let shown): return showVideo(i, player: player, shown, &effects)
        case .setPrefersInterruptionOnRouteDisconnect(let prefers):
            return setPreference(i, .interruptionOnRouteDisconnect, prefers, &effects)
        case .setPrefersNoInterruptionsFromSystemAlerts(let prefers):
            return setPreference(i, .noInterruptionsFromSystemAlerts, prefers, &effects)
        case .setVoiceProcessing(let on): return setPreference(i, .voiceProcessing, on, &effects)
        case .declarePlayer(let config): return declarePlayer(i, config, &effects)
        case .setItems(let player, let items): return setItems(i, player: player, items, &effects)
        case .launch, .foreground, .terminate, .background:
            preconditionFailure("lifecycle action \(action) for \(apps[i].id) was handled above")
        }
    }
}
