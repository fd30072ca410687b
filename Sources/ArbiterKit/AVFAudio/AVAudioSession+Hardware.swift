import ArbiterEngine

/// What a session asked of the hardware, kept as iOS keeps it and read back through the `preferred...` properties.
struct HardwarePreferences {
    var sampleRate: Double = 0
    var ioBufferDuration: TimeInterval = 0
    var inputChannels = 0
    var outputChannels = 0
    var inputGain: Float = 1
    var allowHapticsAndSystemSoundsDuringRecording = false
    var supportsMultichannelContent = false
    var routeSharingPolicy = AVAudioSession.RouteSharingPolicy.default
}

/// The hardware: preferences kept and read back; what the route grants follows `AudioHardware`'s documented rule
/// (docs/app-code.md, "What is mirrored"). None of it is an event of the engine, which has no sample rates.
extension AVAudioSession {
    // MARK: Sample rate and I/O buffer

    /// Asks for a sample rate: kept, and granted as `AudioHardware` says (44,100 or 48,000 on the phone's own ports,
    /// 16,000 on Bluetooth HFP, 44,100 on AirPlay).
    public func setPreferredSampleRate(_ sampleRate: Double) throws {
        guard sampleRate >= 0, sampleRate.isFinite else {
            throw AVAudioSession.error(.badParam, "setPreferredSampleRate(\(sampleRate)): expected a rate of 0 or more")
        }
        preferences.sampleRate = sampleRate
    }

    /// The rate asked for; 0 until the app asks.
    public var preferredSampleRate: Double { preferences.sampleRate }

    /// Asks for an I/O buffer duration: granted as the nearest power of two of frames between 128 and 4,096.
    public func setPreferredIOBufferDuration(_ duration: TimeInterval) throws {
        guard duration >= 0, duration.isFinite else {
            throw AVAudioSession.error(.badParam, "setPreferredIOBufferDuration(\(duration)): expected 0 or more")
        }
        preferences.ioBufferDuration = duration
    }

    /// The duration asked for; 0 until the app asks.
    public var preferredIOBufferDuration: TimeInterval { preferences.ioBufferDuration }

    /// The sample rate the route runs at for this session.
    public var sampleRate: Double { hardware.sampleRate }
    /// The I/O buffer duration granted (1,024 frames when none was asked for).
    public var ioBufferDuration: TimeInterval { hardware.ioBufferDuration }
    public var inputLatency: TimeInterval { hardware.inputLatency }
    public var outputLatency: TimeInterval { hardware.outputLatency }

    // MARK: Channels

    /// Asks for input channels: needs a category with input (else incompatibleCategory '!cat', reference §4.3) and
    /// 1 to `maximumInputNumberOfChannels` (else badParam).
    public func setPreferredInputNumberOfChannels(_ count: Int) throws {
        guard engineSession?.category.traits.hasInput == true else {
            throw AVAudioSession.error(
                .incompatibleCategory,
                "setPreferredInputNumberOfChannels(\(count)): the category has no input")
        }
        guard count >= 1, count <= maximumInputNumberOfChannels else {
            throw AVAudioSession.error(
                .badParam,
                "setPreferredInputNumberOfChannels(\(count)): expected 1 to "
                    + "\(maximumInputNumberOfChannels)")
        }
        preferences.inputChannels = count
    }

    /// Asks for output channels, 1 to `maximumOutputNumberOfChannels` (else badParam).
    public func setPreferredOutputNumberOfChannels(_ count: Int) throws {
        guard count >= 1, count <= maximumOutputNumberOfChannels else {
            throw AVAudioSession.error(
                .badParam,
                "setPreferredOutputNumberOfChannels(\(count)): expected 1 to "
                    + "\(maximumOutputNumberOfChannels)")
        }
        preferences.outputChannels = count
    }

    /// The counts asked for; 0 until the app asks.
    public var preferredInputNumberOfChannels: Int { preferences.inputChannels }
    public var preferredOutputNumberOfChannels: Int { preferences.outputChannels }

    /// The route's channels: mono mics, receiver and hands-free; stereo otherwise; 0 input without an input category.
    public var inputNumberOfChannels: Int { hardware.inputNumberOfChannels }
    public var outputNumberOfChannels: Int { hardware.outputNumberOfChannels }
    public var maximumInputNumberOfChannels: Int { hardware.maximumInputNumberOfChannels }
    public var maximumOutputNumberOfChannels: Int { hardware.maximumOutputNumberOfChannels }

    // MARK: Input

    /// Whether an input is there: the built-in mic unless it is muted in hardware and no accessory has an input.
    public var isInputAvailable: Bool {
        guard let app else { return false }
        let device = app.phone.engine.device
        return !device.builtInMicMuted || device.accessories.contains { !$0.kind.inputs.isEmpty }
    }

    /// Whether `setInputGain(_:)` can change the gain: with a category that records.
    public var isInputGainSettable: Bool { engineSession?.category.traits.hasInput == true }

    /// The input gain, 0...1; 1 until set. Kept; no recorded level depends on it.
    public var inputGain: Float { preferences.inputGain }

    /// Sets the input gain: badParam outside 0...1, incompatibleCategory when `isInputGainSettable` is false.
    public func setInputGain(_ gain: Float) throws {
        guard isInputGainSettable else {
            throw AVAudioSession.error(.incompatibleCategory, "setInputGain(\(gain)): the category has no input")
        }
        guard gain >= 0, gain <= 1 else {
            throw AVAudioSession.error(.badParam, "setInputGain(\(gain)): expected 0 to 1")
        }
        preferences.inputGain = gain
    }

    /// The volume the user set with the buttons (`SimulatedPhone.outputVolume`, default 1); KVO-observable
    /// (reference §4.4): `session.observe(\.outputVolume, options: [.new]) { ... }`.
    public var outputVolume: Float { app?.phone.outputVolume ?? 1 }

    // MARK: Recording

    /// Whether haptics and system sounds play while recording (iOS 13); kept, false until set. System sounds are not
    /// modelled.
    public func setAllowHapticsAndSystemSoundsDuringRecording(_ inValue: Bool) throws {
        preferences.allowHapticsAndSystemSoundsDuringRecording = inValue
    }

    public var allowHapticsAndSystemSoundsDuringRecording: Bool {
        preferences.allowHapticsAndSystemSoundsDuringRecording
    }

    // MARK: Content and prompts

    /// Whether the app's content is multichannel (iOS 15): kept, false until set. Spatial rendering is not modelled.
    public func setSupportsMultichannelContent(_ inValue: Bool) throws {
        preferences.supportsMultichannelContent = inValue
    }

    public var supportsMultichannelContent: Bool { preferences.supportsMultichannelContent }

    /// The policy the last `setCategory` call gave (`.default` for the forms without one). A policy other than
    /// `.default` is reported as not modelled when set.
    public var routeSharingPolicy: RouteSharingPolicy { preferences.routeSharingPolicy }

    /// Reported as not modelled: when iOS asks a voice-prompt app for short prompts or none is not simulated.
    /// Reads `.normal`.
    public var promptStyle: PromptStyle {
        Diagnostics.unmodelled("AVAudioSession.promptStyle", app: app ?? SimulatedApp.current)
        return .normal
    }

    // MARK: What the phone offers

    /// The categories the phone supports: all but the deprecated audioProcessing (a phone has an input, H18).
    public var availableCategories: [Category] {
        [.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute]
    }

    /// The modes the phone's iOS version has (shortFormVideo from iOS 26).
    public var availableModes: [Mode] {
        var modes: [Mode] = [
            .default, .voiceChat, .gameChat, .videoRecording, .measurement, .moviePlayback,
            .videoChat, .spokenAudio, .voicePrompt,
        ]
        if (app?.phone.engine.ios ?? 17) >= 26 { modes.append(.shortFormVideo) }
        return modes
    }

    // MARK: The route's hardware

    /// The hardware on the session's current route, with its preferences.
    var hardware: AudioHardware {
        let route = app == nil ? Route(outputs: [ArbiterEngine.Port(.builtInSpeaker)]) : engineRoute
        return AudioHardware(
            route: route, hasInput: engineSession?.category.traits.hasInput == true,
            preferredSampleRate: preferences.sampleRate,
            preferredIOBufferDuration: preferences.ioBufferDuration,
            preferredInputChannels: preferences.inputChannels,
            preferredOutputChannels: preferences.outputChannels)
    }
}
