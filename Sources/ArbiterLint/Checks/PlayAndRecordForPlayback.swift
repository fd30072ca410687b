import ArbiterEngine

/// An app plays through the receiver (the earpiece) with playAndRecord while it records nothing: music meant for
/// the speaker comes out quietly at the top of the phone.
struct PlayAndRecordForPlayback: LintCheck {
    /// Apps reported: the set-up is the mistake, so once per app is enough.
    private var reported: Set<AppID> = []

    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {
        let engine = instant.engine
        for app in engine.apps {
            let session = app.session
            guard session.category == .playAndRecord, app.isProducing, !app.isRecording,
                session.effectiveMode != .voiceChat,
                engine.currentRoute.outputs.contains(where: { $0.type == .builtInReceiver }),
                !reported.contains(app.id)
            else { continue }
            reported.insert(app.id)
            let step = instant.blame(app.id) { change in
                switch change {
                case .player(_, .playing), .categorySet, .route, .accessoryDisconnected: true
                default: false
                }
            }
            findings.append(
                LintFinding(
                    lint: .playAndRecordForPlayback, app: app.id, time: instant.time,
                    message: "plays with playAndRecord and records nothing: with no accessory its audio goes to the "
                        + "receiver (the earpiece), not the speaker",
                    fix:
                        "use playback for audio that only plays; an app that also records keeps playAndRecord and adds "
                        + "defaultToSpeaker",
                    step: step.index,
                    declaration: app.config.category == .playAndRecord ? ["category"] : nil))
        }
    }
}

extension Lint {
    static let playAndRecordForPlayback = Lint(
        id: "category.play-and-record-for-playback",
        statement: "playAndRecord routes output to the receiver when no accessory is connected (unless "
            + "defaultToSpeaker), so a music player configured with it plays quietly through the earpiece",
        source: "§1.1, §7 (DOC:avfaudio/avaudiosession/category-swift.struct/playandrecord; SEED3; S3-1)",
        evidence: .documented,
        fix: "use playback; keep playAndRecord with defaultToSpeaker only for an app that records")
}
