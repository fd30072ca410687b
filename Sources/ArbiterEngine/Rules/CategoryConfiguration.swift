/// Setting a category, options and mode: which combinations iOS accepts, and with which error it refuses.
enum CategoryConfiguration {
    /// How a category treats one option (reference §2.2).
    enum Acceptance {
        case settable
        /// Always on for the category; setting it changes nothing.
        case implicit
        /// Cannot be set; iOS clears it without an error.
        case clearedSilently
        case refused(ErrorCode, Rule)
    }

    static func acceptance(
        of option: CategoryOption, in category: Category, mode: Mode,
        profile: Profile
    ) -> Acceptance {
        let refused = Acceptance.refused(.badParam, .optionNotValidForCategory)
        switch (option, category) {
        case (_, .audioProcessing): return refused
        case (.defaultToSpeaker, .playAndRecord): return .settable
        case (.defaultToSpeaker, _): return .refused(.badParam, .defaultToSpeakerOnlyPlayAndRecord)
        case (.mixWithOthers, .ambient): return .implicit
        case (.mixWithOthers, .playback), (.mixWithOthers, .playAndRecord), (.mixWithOthers, .multiRoute):
            return .settable
        case (.mixWithOthers, _): return refused
        case (.duckOthers, .ambient):
            return profile.ambientCanDuckOthers ? .settable : .refused(.badParam, .ambientDuckOthersRefused)
        case (.duckOthers, .playback), (.duckOthers, .playAndRecord), (.duckOthers, .multiRoute): return .settable
        case (.duckOthers, _): return refused
        case (.interruptSpokenAudioAndMixWithOthers, .playback),
            (.interruptSpokenAudioAndMixWithOthers, .playAndRecord),
            (.interruptSpokenAudioAndMixWithOthers, .multiRoute):
            return .settable
        case (.interruptSpokenAudioAndMixWithOthers, _): return refused
        case (.allowBluetoothHFP, .record), (.allowBluetoothHFP, .playAndRecord): return .settable
        case (.allowBluetoothHFP, .multiRoute): return mode == .dualRoute ? .settable : refused
        case (.allowBluetoothHFP, _): return refused
        case (.allowBluetoothA2DP, .playAndRecord): return .settable
        case (.allowBluetoothA2DP, .record), (.allowBluetoothA2DP, .multiRoute): return refused
        case (.allowBluetoothA2DP, _): return .implicit
        case (.allowAirPlay, .playAndRecord): return .settable
        case (.allowAirPlay, .record), (.allowAirPlay, .multiRoute): return .clearedSilently
        case (.allowAirPlay, _): return .refused(.unspecified, .airPlayExplicitOnOutputOnly)
        case (.overrideMutedMicrophoneInterruption, _), (.bluetoothHighQualityRecording, _):
            return category.traits.hasInput ? .settable : .refused(.badParam, .inputOptionOnOutputOnly)
        case (.farFieldInput, .record), (.farFieldInput, .playAndRecord): return .settable
        case (.farFieldInput, .multiRoute): return mode == .dualRoute ? .settable : refused
        case (.farFieldInput, _): return refused
        }
    }

    /// The options as set: `options` less those the category makes implicit or clears without an error, as
    /// `setCategory` leaves them. A declared configuration goes through this too, so it reads back the same.
    static func asSet(_ options: CategoryOptions, category: Category, mode: Mode) -> CategoryOptions {
        CategoryOptions(
            options.filter { option in
                switch acceptance(of: option, in: category, mode: mode, profile: Profile()) {
                case .implicit, .clearedSilently: false
                case .settable, .refused: true
                }
            })
    }

    /// The options that will be in force, or the error iOS returns. The first refused option decides
    /// the error, in the SDK's option order.
    static func validate(category: Category, mode: Mode, options: CategoryOptions, profile: Profile)
        -> Result<CategoryOptions, SessionError>
    {
        var accepted: CategoryOptions = []
        for option in options {
            switch acceptance(of: option, in: category, mode: mode, profile: profile) {
            case .settable: accepted.insert(option)
            case .implicit, .clearedSilently: break
            case .refused(let code, let rule): return .failure(SessionError(code, rule))
            }
        }
        let effectiveMode = mode.isValid(for: category) ? mode : .default
        if accepted.contains(.farFieldInput)
            && !accepted.union(effectiveMode.impliedOptions).contains(.allowBluetoothHFP)
        {
            return .failure(SessionError(.badParam, .farFieldInputNeedsHFP))
        }
        return .success(accepted)
    }
}

extension Engine {
    mutating func setCategory(
        _ i: Int, _ category: Category, mode: Mode?, options: CategoryOptions,
        _ effects: inout Effects
    ) -> StepResult {
        let mode = mode ?? apps[i].session.mode
        if device.mediaServicesLost { return .failed(SessionError(.mediaServicesFailed, .mediaServicesFailed)) }
        switch CategoryConfiguration.validate(category: category, mode: mode, options: options, profile: profile) {
        case .failure(let error):
            return .failed(error)
        case .success(let accepted):
            if let rule = callRefusingCategoryChange {
                return .failed(SessionError(.insufficientPriority, rule))
            }
            var candidate = apps[i].session
            candidate.category = category
            candidate.mode = mode
            candidate.options = accepted
            candidate.overridesToSpeaker = false
            if candidate.isActive, let error = activationError(i, session: candidate),
                error.code != .cannotInterruptOthers || (apps[i].session.isMixable && !candidate.isMixable)
            {
                return .failed(error)
            }
            let previous = currentRoute
            apps[i].session = candidate
            announceConfiguration(i, rule: .categorySet, &effects)
            if !category.traits.hasInput, let r = apps[i].players.firstIndex(where: { $0.kind.isRecorder }) {
                setPlayer(i, r, .stopped, rule: .recordingNeedsInputCategory, &effects)
            }
            if apps[i].session.isActive {
                interruptOthers(activating: i, &effects)
                announceRouteChange(
                    from: previous, reason: .categoryChange, rule: .ownerDecidesRoute,
                    always: true, &effects)
            }
            return .succeeded
        }
    }

    /// The rule by which the phone call refuses every app's `setCategory` now, if it does: a call in progress holds
    /// the audio, whatever category is asked for (reference §2.4 last row, §4.3); a ringing call does not, unless the
    /// profile says so (`ringingCallRefusesCategoryChange`). Valid combinations only: an invalid one fails with its
    /// own error first.
    var callRefusingCategoryChange: Rule? {
        switch device.call {
        case .active?: .callRefusesCategoryChange
        case .ringing?: profile.ringingCallRefusesCategoryChange ? .ringingCallRefusesCategoryChange : nil
        case nil: nil
        }
    }

    mutating func setMode(_ i: Int, _ mode: Mode, _ effects: inout Effects) -> StepResult {
        if device.mediaServicesLost { return .failed(SessionError(.mediaServicesFailed, .mediaServicesFailed)) }
        apps[i].session.mode = mode
        announceConfiguration(i, rule: .modeSet, &effects)
        return .succeeded
    }

    private mutating func announceConfiguration(_ i: Int, rule: Rule, _ effects: inout Effects) {
        let session = apps[i].session
        effects.record(
            i,
            .categorySet(
                session.category, mode: session.effectiveMode,
                options: session.effectiveOptions), rule)
        if session.effectiveMode != session.mode {
            effects.record(
                i, .modeDowngraded(requested: session.mode, effective: session.effectiveMode),
                .unsupportedModeBehavesAsDefault)
        }
    }
}

extension Rule {
    static let categorySet = Rule(
        id: "category.set",
        statement: "setCategory replaces the category and its options: options do not survive a category change; "
            + "ambient, duckOthers and interruptSpokenAudioAndMixWithOthers imply mixWithOthers",
        source: "H17 CategoryOptions comment; DOC:avfaudio/avaudiosession/categoryoptions-swift.struct/mixwithothers",
        evidence: .documented)
    static let modeSet = Rule(
        id: "mode.set",
        statement: "setMode changes the mode and keeps the category and options; voiceChat implies allowBluetoothHFP, "
            + "videoChat implies allowBluetoothHFP and defaultToSpeaker",
        source: "H17; DOC:avfaudio/avaudiosession/mode-swift.struct/voicechat, …/videochat",
        evidence: .documented)
    static let unsupportedModeBehavesAsDefault = Rule(
        id: "mode.unsupported-behaves-as-default",
        statement: "a mode the category does not support is accepted without error and behaves as `default`",
        source:
            "DOC:avfaudio/avaudiosession/mode-swift.struct (Important); DOC:audiotoolbox/1618405-audio-session-modes",
        evidence: .documented)
    static let callRefusesCategoryChange = Rule(
        id: "category.call-refuses-change",
        statement: "while a call is in progress the Phone app controls the audio: setCategory fails with "
            + "insufficientPriority for every app and every category (playback and ambient too), active or not; "
            + "the previous configuration stays in force",
        source: "HERR ('!pri': not allowed to set the audio category because another app, Phone etc., is "
            + "controlling it); flutter_volume_controller#73 (playback to ambient refused with 561017449)",
        evidence: .documented)
    static let ringingCallRefusesCategoryChange = Rule(
        id: "category.ringing-call-refuses-change",
        statement: "with the profile's ringingCallRefusesCategoryChange on, a ringing call already refuses "
            + "setCategory with insufficientPriority (default off: the reference ties '!pri' to a call that "
            + "controls the audio, which a ringing call does not yet)",
        source: "HERR ('!pri'); reference silent on a ringing call",
        evidence: .tunable)
    static let defaultToSpeakerOnlyPlayAndRecord = Rule(
        id: "options.default-to-speaker-only-play-and-record",
        statement: "defaultToSpeaker is only applicable with playAndRecord; elsewhere setCategory fails with -50",
        source: "H17; DOC:…/categoryoptions-swift.struct/defaulttospeaker; audioplayers#1194, voice#500",
        evidence: .observed)
    static let airPlayExplicitOnOutputOnly = Rule(
        id: "options.explicit-airplay-on-output-only",
        statement: "AirPlay is implicit for ambient, soloAmbient and playback; setting allowAirPlay explicitly "
            + "there fails with 'what' (unspecified)",
        source: "H17; audiobookshelf-app#334; SwiftAudioPlayer#102",
        evidence: .observed)
    static let optionNotValidForCategory = Rule(
        id: "options.not-valid-for-category",
        statement: "an option the category cannot take (mixing outside playback/playAndRecord/multiRoute, HFP outside "
            + "record/playAndRecord, A2DP on record/multiRoute, anything on audioProcessing) fails with -50",
        source: "H17 CategoryOptions comments; reference §2.4 simulator rule",
        evidence: .observed)
    static let inputOptionOnOutputOnly = Rule(
        id: "options.input-option-on-output-only",
        statement: "overrideMutedMicrophoneInterruption and bluetoothHighQualityRecording need a category with input; "
            + "with an output-only category they fail (code undocumented; -50 here)",
        source: "H17; H26; DOC:…/categoryoptions-swift.struct/bluetoothhighqualityrecording",
        evidence: .documented)
    static let ambientDuckOthersRefused = Rule(
        id: "options.ambient-duck-others-refused",
        statement: "with the profile's ambientCanDuckOthers off, duckOthers on ambient fails with -50 "
            + "(the API page lists it only for playback, playAndRecord and multiRoute)",
        source: "DOC:avfaudio/avaudiosession/categoryoptions-swift.struct/duckothers (vs H17)",
        evidence: .tunable)
    static let farFieldInputNeedsHFP = Rule(
        id: "options.far-field-needs-hfp",
        statement: "farFieldInput requires allowBluetoothHFP, or an error is returned (code undocumented; -50 here)",
        source: "H26; DOC:avfaudio/avaudiosession/categoryoptions-swift.struct/farfieldinput",
        evidence: .documented)
}

extension Engine {
    /// The error `setCategory(category, mode:, options:)` would fail with under `profile`, if any.
    public static func configurationError(
        category: Category, mode: Mode, options: CategoryOptions,
        profile: Profile = Profile()
    ) -> SessionError? {
        if case .failure(let error) = CategoryConfiguration.validate(
            category: category, mode: mode, options: options,
            profile: profile)
        {
            return error
        }
        return nil
    }

    /// The options in `options` that `setCategory(category, mode:, options:)` clears without an error: the category
    /// cannot have them and says nothing (allowAirPlay for record, say). Options the category has anyway are not
    /// among them.
    public static func optionsClearedSilently(_ options: CategoryOptions, category: Category, mode: Mode)
        -> [CategoryOption]
    {
        options.filter { option in
            if case .clearedSilently = CategoryConfiguration.acceptance(
                of: option, in: category, mode: mode,
                profile: Profile())
            {
                return true
            }
            return false
        }
    }
}
