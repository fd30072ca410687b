import ArbiterEngine

extension AVAudioSession {
    /// The notification iOS posts for what the engine told an app, with the SDK's userInfo keys and values (UInt, as
    /// the SDK's NSNumbers read with `as? UInt`). The interruption reason is sent from iOS 14.5 on (here: iOS 15 and
    /// later, and iOS 14), the wasSuspended flag on iOS 10-14.
    static func notification(for kind: NotificationKind, ios: Int) -> (NSNotification.Name, [AnyHashable: Any]?)? {
        switch kind {
        case .interruptionBegan(let reason):
            var info: [AnyHashable: Any] = [AVAudioSessionInterruptionTypeKey: InterruptionType.began.rawValue]
            if ios >= 14 { info[AVAudioSessionInterruptionReasonKey] = UInt(reason.rawValue) }
            if ios >= 10 && ios <= 14 && reason == .appWasSuspended {
                info[AVAudioSessionInterruptionWasSuspendedKey] = true
            }
            return (interruptionNotification, info)
        case .interruptionEnded(let shouldResume):
            return (
                interruptionNotification,
                [
                    AVAudioSessionInterruptionTypeKey: InterruptionType.ended.rawValue,
                    AVAudioSessionInterruptionOptionKey: shouldResume
                        ? InterruptionOptions.shouldResume.rawValue : UInt(0),
                ]
            )
        case .routeChange(let reason, let previous):
            return (
                routeChangeNotification,
                [
                    AVAudioSessionRouteChangeReasonKey: UInt(reason.rawValue),
                    AVAudioSessionRouteChangePreviousRouteKey: AVAudioSessionRouteDescription(previous),
                ]
            )
        case .silenceSecondaryAudioHint(let hint):
            return (
                silenceSecondaryAudioHintNotification,
                [AVAudioSessionSilenceSecondaryAudioHintTypeKey: UInt(hint.rawValue)]
            )
        case .mediaServicesWereLost: return (mediaServicesWereLostNotification, nil)
        case .mediaServicesWereReset: return (mediaServicesWereResetNotification, nil)
        case .remoteCommand, .playbackStateChanged, .didPlayToEndTime: return nil
        }
    }
}
