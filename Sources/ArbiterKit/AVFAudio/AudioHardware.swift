import ArbiterEngine

/// What the simulated phone's audio hardware grants a session on a route: sample rate, I/O buffer, channels and
/// latencies. Apple documents the preferences as requests the system may not grant and does not say what each route
/// grants; these are the simulated phone's documented defaults (docs/app-code.md, "What is mirrored"), not iOS facts.
struct AudioHardware: Equatable {
    var sampleRate: Double
    var ioBufferDuration: TimeInterval
    var inputNumberOfChannels: Int
    var outputNumberOfChannels: Int
    var maximumInputNumberOfChannels: Int
    var maximumOutputNumberOfChannels: Int
    var inputLatency: TimeInterval
    var outputLatency: TimeInterval

    /// The sample rates the phone's own codec and wired, USB and A2DP routes run at; 48,000 unless 44,100 is preferred.
    static let codecRates: [Double] = [44_100, 48_000]
    /// Bluetooth HFP carries wideband speech at 16,000, whatever is preferred.
    static let handsFreeRate: Double = 16_000
    /// The I/O buffer, in frames, when none is preferred; a preference is granted as the nearest power of two
    /// between 128 and 4,096 frames at the sample rate.
    static let defaultBufferFrames = 1_024.0

    /// The hardware for a session with `hasInput` (its category records) on `route`, with the session's preferences
    /// (0 means none).
    init(
        route: Route, hasInput: Bool, preferredSampleRate: Double, preferredIOBufferDuration: TimeInterval,
        preferredInputChannels: Int, preferredOutputChannels: Int
    ) {
        let ports = route.outputTypes + route.inputTypes
        if ports.contains(.bluetoothHFP) {
            sampleRate = AudioHardware.handsFreeRate
        } else if route.outputTypes.contains(.airPlay) {
            sampleRate = 44_100
        } else {
            sampleRate = AudioHardware.codecRates.contains(preferredSampleRate) ? preferredSampleRate : 48_000
        }
        let frames =
            preferredIOBufferDuration > 0
            ? min(max(exp2((log2(preferredIOBufferDuration * sampleRate)).rounded()), 128), 4_096)
            : AudioHardware.defaultBufferFrames
        ioBufferDuration = frames / sampleRate
        let input = hasInput ? route.inputTypes.first : nil
        maximumInputNumberOfChannels = input.map(AudioHardware.channels) ?? 0
        maximumOutputNumberOfChannels = route.outputTypes.first.map(AudioHardware.channels) ?? 0
        inputNumberOfChannels =
            input == nil
            ? 0
            : preferredInputChannels > 0 ? min(preferredInputChannels, maximumInputNumberOfChannels) : 1
        outputNumberOfChannels =
            preferredOutputChannels > 0
            ? min(preferredOutputChannels, maximumOutputNumberOfChannels) : maximumOutputNumberOfChannels
        inputLatency = input.map(AudioHardware.latency) ?? 0
        outputLatency = route.outputTypes.first.map(AudioHardware.latency) ?? 0
    }

    /// The channels a port carries: the receiver, the mics and hands-free Bluetooth are mono, the rest stereo.
    static func channels(_ port: PortType) -> Int {
        switch port {
        case .builtInReceiver, .builtInMic, .headsetMic, .bluetoothHFP, .carAudio: 1
        case .builtInSpeaker, .headphones, .bluetoothA2DP, .bluetoothLE, .airPlay, .usbAudio, .HDMI, .lineOut, .lineIn:
            2
        }
    }

    /// A port's own latency in seconds: wired and built-in ports a few milliseconds, Bluetooth tens to hundreds,
    /// AirPlay's buffer two seconds.
    static func latency(_ port: PortType) -> TimeInterval {
        switch port {
        case .builtInSpeaker, .builtInReceiver, .builtInMic: 0.002
        case .headphones, .headsetMic, .usbAudio, .lineOut, .lineIn: 0.001
        case .bluetoothHFP: 0.03
        case .bluetoothLE: 0.1
        case .bluetoothA2DP: 0.15
        case .carAudio, .HDMI: 0.03
        case .airPlay: 2
        }
    }
}
