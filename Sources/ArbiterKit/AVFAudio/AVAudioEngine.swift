import ArbiterEngine

extension NSNotification.Name {
    /// Posted (object: the engine) when the hardware format changes from the one the engine was started on: it has
    /// stopped.
    public static let AVAudioEngineConfigurationChange = NSNotification.Name(
        "AVAudioEngineConfigurationChangeNotification")
}

/// `AVAudioEngine`: the app's engine is one `audioEngine` player of the app in the policy engine (named
/// `audioEngine`). `start()` plays it, which activates the session as iOS does; when the input is in use (a tap on
/// `inputNode`, voice processing enabled, or `inputNode` connected to another node) it records as well, as the app's
/// recorder, so the engine's rules on recording apply. An interruption pauses it (`isRunning` false) and nothing
/// restarts it but `start()`. When a route change alters the hardware format (sample rate, channels: see
/// `AudioHardware`), a running engine stops and `AVAudioEngineConfigurationChange` is posted. No sound is rendered:
/// taps get no buffers.
open class AVAudioEngine: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    /// The player's name in the engine.
    public private(set) var engineName = "audioEngine"
    private var recordsInput = false

    public override init() {
        app = SimulatedApp.current
        super.init()
        guard let app else {
            Diagnostics.outsideApp("AVAudioEngine.init")
            return
        }
        engineName = app.register(self, kind: .audioEngine, preferredName: "audioEngine")
    }

    // MARK: Nodes

    private var madeInputNode: AVAudioInputNode?

    /// The input: the session's input route, 0 channels without an input category. Asking for it does not put the
    /// input in use.
    public var inputNode: AVAudioInputNode {
        if let madeInputNode { return madeInputNode }
        let node = attachIO(AVAudioInputNode())
        madeInputNode = node
        return node
    }
    public private(set) lazy var outputNode = attachIO(AVAudioOutputNode())
    /// The main mixer, connected to the output node when first asked for.
    public private(set) lazy var mainMixerNode: AVAudioMixerNode = {
        let mixer = AVAudioMixerNode()
        attach(mixer)
        connect(mixer, to: outputNode, format: nil)
        return mixer
    }()

    private func attachIO<Node: AVAudioNode>(_ node: Node) -> Node {
        node.engine = self
        return node
    }

    private var nodes: [AVAudioNode] = []
    private var connections: [(from: AVAudioNode, to: AVAudioNode, format: AVAudioFormat?)] = []

    /// The nodes attached, in order.
    open var attachedNodes: Set<AVAudioNode> { Set(nodes) }

    open func attach(_ node: AVAudioNode) {
        guard !nodes.contains(where: { $0 === node }) else { return }
        nodes.append(node)
        node.engine = self
    }

    open func detach(_ node: AVAudioNode) {
        nodes.removeAll { $0 === node }
        connections.removeAll { $0.from === node || $0.to === node }
        node.engine = nil
    }

    open func connect(_ node1: AVAudioNode, to node2: AVAudioNode, format: AVAudioFormat?) {
        connections.removeAll { $0.from === node1 && $0.to === node2 }
        connections.append((node1, node2, format))
    }

    open func connect(
        _ node1: AVAudioNode, to node2: AVAudioNode, fromBus bus1: AVAudioNodeBus,
        toBus bus2: AVAudioNodeBus, format: AVAudioFormat?
    ) {
        connect(node1, to: node2, format: format)
    }

    open func disconnectNodeInput(_ node: AVAudioNode) { connections.removeAll { $0.to === node } }
    open func disconnectNodeOutput(_ node: AVAudioNode) { connections.removeAll { $0.from === node } }

    /// The format a connection was made with, if any.
    func connectionFormat(into node: AVAudioNode) -> AVAudioFormat? {
        connections.last { $0.to === node }?.format
    }

    /// Whether the input is in use: a tap on the input node, voice processing, or the input node connected.
    var usesInput: Bool {
        guard let input = madeInputNode else { return false }
        return input.hasTap || input.isVoiceProcessingEnabled || connections.contains { $0.from === input }
    }

    // MARK: Running

    private var enginePlayer: Player? { app?.state?.player(named: engineName) }

    /// Whether the engine runs: its player plays in the engine (an interruption pauses it).
    open var isRunning: Bool { enginePlayer?.isRunning ?? false }

    /// False: manual rendering (`enableManualRenderingMode`) is not offered, so an engine renders to the device.
    open var isInManualRenderingMode: Bool { false }

    /// Prepares resources; nothing to prepare here.
    open func prepare() {}

    /// Starts the engine: plays its player in the engine (activating the session) and, when the input is in use,
    /// records. Throws the session's error iOS gives when it cannot start (`NSOSStatusErrorDomain`): cannotStartPlaying
    /// in the background without the audio mode, cannotInterruptOthers, incompatibleCategory for the input without an
    /// input category, insufficientPriority during a call, ...
    open func start() throws {
        guard let app else {
            Diagnostics.outsideApp("AVAudioEngine.start()")
            throw AVAudioSession.error(.unspecified, "AVAudioEngine.start() was called on an engine of no app")
        }
        let input = usesInput
        if input { _ = app.askRecordPermission() }
        starting = true
        defer {
            starting = false
            configuredHardware = app.session.hardware
        }
        try check(app.call(.play(player: engineName), api: "AVAudioEngine(\(engineName)).start()"), "start()")
        if input && !(app.state?.isRecording ?? false) {
            let recording = app.call(.record, api: "AVAudioEngine(\(engineName)).start() input")
            if case .failed = recording.result {
                app.call(.stop(player: engineName), api: "AVAudioEngine(\(engineName)).start() input failed")
            }
            try check(recording, "start() input")
            recordsInput = true
        }
        for case let node as AVAudioPlayerNode in nodes { node.scheduleEnd() }
    }

    private func check(_ outcome: Outcome, _ api: String) throws {
        switch outcome.result {
        case .succeeded: return
        case .failed(let error):
            throw AVAudioSession.error(
                AVAudioSession.ErrorCode(rawValue: Int(error.code.osStatus)) ?? .unspecified,
                "AVAudioEngine.\(api) failed with \(error.code) (\(error.code.codeText)): "
                    + "[\(error.rule.id)] \(error.rule.statement)")
        case .rejected(let error):
            throw AVAudioSession.error(.unspecified, "AVAudioEngine.\(api) was refused: \(error)")
        }
    }

    /// Pauses: the player pauses in the engine and the input stops.
    open func pause() { halt(.pause(player: engineName), "pause()") }

    /// Stops: the player stops in the engine and the input stops.
    open func stop() { halt(.stop(player: engineName), "stop()") }

    func halt(_ action: AppAction, _ api: String) {
        guard let app else { return Diagnostics.outsideApp("AVAudioEngine.\(api)") }
        let state = enginePlayer?.state
        if state == .playing || (state == .paused && action == .stop(player: engineName)) {
            app.call(action, api: "AVAudioEngine(\(engineName)).\(api)")
        }
        if recordsInput {
            recordsInput = false
            if app.state?.isRecording == true {
                app.call(.stopRecording, api: "AVAudioEngine(\(engineName)).\(api) input")
            }
        }
    }

    /// Resets every node: player nodes stop and their completion handlers run.
    open func reset() {
        for node in nodes { node.reset() }
    }

    /// The hardware the engine was started on; nil until it starts.
    private var configuredHardware: AudioHardware?
    /// Set while `start()` runs: the route its own activation brings is the one it starts on.
    private var starting = false

    /// The route changed: when the hardware format (sample rate, channels) is no longer the one the engine was started
    /// on, the engine stops, if it runs, and says so, as iOS's engine stops and uninitializes itself.
    func routeChanged(session: AVAudioSession) {
        guard !starting, let before = configuredHardware else { return }
        let now = session.hardware
        guard
            before.sampleRate != now.sampleRate || before.inputNumberOfChannels != now.inputNumberOfChannels
                || before.outputNumberOfChannels != now.outputNumberOfChannels
        else { return }
        configuredHardware = now
        if isRunning { halt(.stop(player: engineName), "stop() (configuration change)") }
        app?.notificationCenter.post(name: .AVAudioEngineConfigurationChange, object: self)
    }
}

/// `AVAudioNodeTapBlock`.
public typealias AVAudioNodeTapBlock = (AVAudioPCMBuffer, AVAudioTime) -> Void

/// `AVAudioNode`: a node of an `AVAudioEngine`. Formats follow the session's hardware (`AudioHardware`) unless a
/// connection names one.
open class AVAudioNode: NSObject, @unchecked Sendable {
    /// The engine the node is attached to.
    open internal(set) weak var engine: AVAudioEngine?
    private var taps: [AVAudioNodeBus: AVAudioNodeTapBlock] = [:]

    var hasTap: Bool { !taps.isEmpty }

    open var numberOfInputs: Int { 1 }
    open var numberOfOutputs: Int { 1 }

    /// The session's hardware format: its sample rate, with the output's channels.
    var hardwareFormat: AVAudioFormat {
        let session = engine?.app?.session
        let rate = session?.sampleRate ?? 48_000
        let channels = AVAudioChannelCount(session?.outputNumberOfChannels ?? 2)
        return AVAudioFormat(standardFormatWithSampleRate: rate, channels: max(channels, 1)) ?? AVAudioFormat()
    }

    open func outputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { hardwareFormat }

    open func inputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat {
        engine?.connectionFormat(into: self) ?? hardwareFormat
    }

    /// Installs a tap; the block is never called: the simulated phone renders no audio. A tap on the input node puts
    /// the input in use.
    open func installTap(
        onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
        block tapBlock: @escaping AVAudioNodeTapBlock
    ) {
        taps[bus] = tapBlock
    }

    open func removeTap(onBus bus: AVAudioNodeBus) { taps[bus] = nil }

    /// Clears the node's state; a player node stops.
    open func reset() {}

    /// The last render time: nil, nothing renders.
    open var lastRenderTime: AVAudioTime? { nil }

    /// The node's audio unit: only its render limit is mirrored (see `AUAudioUnit`).
    open private(set) lazy var auAudioUnit = AUAudioUnit()
}

/// `AUAudioUnit`, as far as a node's audio unit is read: `maximumFramesToRender`, kept and read back (1156 until
/// set: the default of Technical Q&A QA1606). Nothing renders, so the limit changes nothing; the rest of Audio Unit
/// v3 is not mirrored.
open class AUAudioUnit: NSObject, @unchecked Sendable {
    open var maximumFramesToRender: AUAudioFrameCount = 1156
}

/// `AVAudioIONode`: the input or output node, with voice processing (kept).
open class AVAudioIONode: AVAudioNode, @unchecked Sendable {
    /// Whether voice processing (echo cancellation, AGC) is on; on the input node it puts the input in use.
    open private(set) var isVoiceProcessingEnabled = false

    /// Voice processing on or off for the app's audio I/O: the engine's `voiceProcessing` (while the session is an
    /// active playAndRecord one, it ducks other apps, `ducking.voice-processing-ducks-others`).
    open func setVoiceProcessingEnabled(_ enabled: Bool) throws {
        isVoiceProcessingEnabled = enabled
        guard let app = engine?.app ?? SimulatedApp.current else { return }
        app.call(.setVoiceProcessing(enabled), api: "\(type(of: self)).setVoiceProcessingEnabled(\(enabled))")
    }

    /// The route's latency for this direction.
    open var presentationLatency: TimeInterval { 0 }
}

/// `AVAudioInputNode`: the session's input (its format has 0 channels without an input category).
open class AVAudioInputNode: AVAudioIONode, @unchecked Sendable {
    open var isVoiceProcessingBypassed = false
    open var isVoiceProcessingAGCEnabled = true
    open var isVoiceProcessingInputMuted = false
    /// How voice processing ducks other audio (iOS 17): kept and read back; the simulated phone plays no audio to
    /// duck. Advanced ducking off at the default level until set, as on iOS.
    open var voiceProcessingOtherAudioDuckingConfiguration = AVAudioVoiceProcessingOtherAudioDuckingConfiguration()
    open var volume: Float = 1

    open override var numberOfInputs: Int { 0 }

    open override func outputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat {
        let session = engine?.app?.session
        let channels = AVAudioChannelCount(session?.inputNumberOfChannels ?? 0)
        guard channels > 0 else { return AVAudioFormat() }
        return AVAudioFormat(standardFormatWithSampleRate: session?.sampleRate ?? 48_000, channels: channels)
            ?? AVAudioFormat()
    }

    open override func inputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { outputFormat(forBus: bus) }

    open override var presentationLatency: TimeInterval { engine?.app?.session.inputLatency ?? 0 }
}

/// `AVAudioVoiceProcessingOtherAudioDuckingConfiguration` (iOS 17): how much voice processing ducks audio other than
/// the chat's, and whether it ducks only while someone speaks (advanced ducking).
public struct AVAudioVoiceProcessingOtherAudioDuckingConfiguration: Sendable {
    /// `AVAudioVoiceProcessingOtherAudioDuckingLevel`, with the SDK's raw values.
    public enum Level: Int, Sendable {
        case `default` = 0
        case min = 10
        case mid = 20
        case max = 30
    }

    public var enableAdvancedDucking: ObjCBool
    public var duckingLevel: Level

    /// Advanced ducking off, the default level.
    public init() {
        self.init(enableAdvancedDucking: false, duckingLevel: .default)
    }

    public init(enableAdvancedDucking: ObjCBool, duckingLevel: Level) {
        self.enableAdvancedDucking = enableAdvancedDucking
        self.duckingLevel = duckingLevel
    }
}

/// `AVAudioOutputNode`: the session's output.
open class AVAudioOutputNode: AVAudioIONode, @unchecked Sendable {
    open override var numberOfOutputs: Int { 0 }
    open override var presentationLatency: TimeInterval { engine?.app?.session.outputLatency ?? 0 }
}

/// `AVAudioMixerNode`: mixes its inputs; volumes kept.
open class AVAudioMixerNode: AVAudioNode, @unchecked Sendable {
    open var outputVolume: Float = 1
    open var volume: Float = 1
    open var pan: Float = 0
    open override var numberOfInputs: Int { 64 }
}

/// `AVAudioPlayerNodeBufferOptions`.
public struct AVAudioPlayerNodeBufferOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let loops = AVAudioPlayerNodeBufferOptions(rawValue: 1)
    public static let interrupts = AVAudioPlayerNodeBufferOptions(rawValue: 2)
    public static let interruptsAtLoop = AVAudioPlayerNodeBufferOptions(rawValue: 4)
}

/// `AVAudioPlayerNodeCompletionCallbackType`: when a scheduled segment's handler runs.
public enum AVAudioPlayerNodeCompletionCallbackType: Int, Sendable {
    case dataConsumed = 0
    case dataRendered = 1
    case dataPlayedBack = 2
}

/// `AVAudioPlayerNode`: plays what is scheduled on it, in order, inside its engine. The policy engine sees the
/// `AVAudioEngine`, not its nodes: a node plays only while its engine runs, and its time is the engine player's time
/// (an interruption holds it). A scheduled file lasts its `phone.media` duration (without one, it never ends), a buffer
/// its `frameLength` at its format's rate (looping: never). Each completion handler runs when its segment's time has
/// played (whatever callback type was asked: the simulated phone consumes, renders and plays back at once), or when
/// the node is stopped or reset.
open class AVAudioPlayerNode: AVAudioNode, @unchecked Sendable {
    private struct Segment {
        var duration: Double?
        var completion: () -> Void
    }

    private var playing = false
    private var segments: [Segment] = []
    /// Seconds of the first segment played before the current run; the engine player's position when the run began.
    private var played = 0.0
    private var runStart: Double?
    private var deadline: ScheduledWork?
    open var volume: Float = 1
    open var pan: Float = 0
    open var rate: Float = 1

    open override var numberOfInputs: Int { 0 }

    /// Whether the node was told to play (and not stopped or paused) and its engine runs.
    open var isPlaying: Bool { playing && (engine?.isRunning ?? false) }

    /// Plays; iOS raises an exception when the engine is not running: here that is reported and nothing plays.
    open func play() {
        guard let engine, engine.isRunning else {
            let message =
                "AVAudioPlayerNode.play() while its engine is not running (iOS raises an exception); "
                + "expected AVAudioEngine.start() first"
            if let app = engine?.app ?? SimulatedApp.current {
                app.phone.diagnose("\(app.name) code: \(message)")
            } else {
                Diagnostics.report(message)
            }
            return
        }
        guard !playing else { return }
        playing = true
        runStart = enginePosition
        scheduleEnd()
    }

    open func play(at when: AVAudioTime?) { play() }

    open func pause() {
        guard playing else { return }
        played = playedInSegment
        runStart = nil
        playing = false
        deadline?.cancel()
    }

    /// Stops, clears what was scheduled and runs its completion handlers.
    open func stop() {
        playing = false
        played = 0
        runStart = nil
        deadline?.cancel()
        let handlers = segments.map(\.completion)
        segments = []
        for handler in handlers { handler() }
    }

    open override func reset() { stop() }

    // MARK: Scheduling

    open func scheduleFile(_ file: AVAudioFile, at when: AVAudioTime?, completionHandler: (() -> Void)? = nil) {
        append(file.duration, completionHandler ?? {})
    }

    open func scheduleFile(
        _ file: AVAudioFile, at when: AVAudioTime?,
        completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
        completionHandler: ((AVAudioPlayerNodeCompletionCallbackType) -> Void)? = nil
    ) {
        append(file.duration) { completionHandler?(callbackType) }
    }

    open func scheduleSegment(
        _ file: AVAudioFile, startingFrame startFrame: AVAudioFramePosition,
        frameCount numberFrames: AVAudioFrameCount, at when: AVAudioTime?,
        completionHandler: (() -> Void)? = nil
    ) {
        append(
            file.duration == nil ? nil : Double(numberFrames) / file.processingFormat.sampleRate,
            completionHandler ?? {})
    }

    open func scheduleSegment(
        _ file: AVAudioFile, startingFrame startFrame: AVAudioFramePosition,
        frameCount numberFrames: AVAudioFrameCount, at when: AVAudioTime?,
        completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
        completionHandler: ((AVAudioPlayerNodeCompletionCallbackType) -> Void)? = nil
    ) {
        scheduleSegment(file, startingFrame: startFrame, frameCount: numberFrames, at: when) {
            completionHandler?(callbackType)
        }
    }

    open func scheduleBuffer(_ buffer: AVAudioPCMBuffer, completionHandler: (() -> Void)? = nil) {
        append(bufferDuration(buffer), completionHandler ?? {})
    }

    open func scheduleBuffer(
        _ buffer: AVAudioPCMBuffer,
        completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
        completionHandler: ((AVAudioPlayerNodeCompletionCallbackType) -> Void)? = nil
    ) {
        append(bufferDuration(buffer)) { completionHandler?(callbackType) }
    }

    open func scheduleBuffer(
        _ buffer: AVAudioPCMBuffer, at when: AVAudioTime?,
        options: AVAudioPlayerNodeBufferOptions = [], completionHandler: (() -> Void)? = nil
    ) {
        if options.contains(.interrupts) { replaceSegments() }
        append(options.contains(.loops) ? nil : bufferDuration(buffer), completionHandler ?? {})
    }

    open func scheduleBuffer(
        _ buffer: AVAudioPCMBuffer, at when: AVAudioTime?,
        options: AVAudioPlayerNodeBufferOptions = [],
        completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
        completionHandler: ((AVAudioPlayerNodeCompletionCallbackType) -> Void)? = nil
    ) {
        if options.contains(.interrupts) { replaceSegments() }
        append(options.contains(.loops) ? nil : bufferDuration(buffer)) { completionHandler?(callbackType) }
    }

    private func bufferDuration(_ buffer: AVAudioPCMBuffer) -> Double {
        buffer.format.sampleRate > 0 ? Double(buffer.frameLength) / buffer.format.sampleRate : 0
    }

    /// `.interrupts`: what was scheduled is dropped (its handlers run) and the new buffer plays at once.
    private func replaceSegments() {
        let handlers = segments.map(\.completion)
        segments = []
        played = 0
        if runStart != nil { runStart = enginePosition }
        for handler in handlers { handler() }
    }

    private func append(_ duration: Double?, _ completion: @escaping () -> Void) {
        segments.append(Segment(duration: duration, completion: completion))
        if segments.count == 1 { scheduleEnd() }
    }

    // MARK: The node's clock

    /// The engine player's position: it moves only while the engine runs.
    private var enginePosition: Double {
        guard let engine, let app = engine.app, let player = app.state?.player(named: engine.engineName) else {
            return 0
        }
        return player.position(at: app.now)
    }

    private var playedInSegment: Double { played + (runStart.map { enginePosition - $0 } ?? 0) }

    /// Schedules the end of the first segment, if it has one and the node plays in a running engine.
    func scheduleEnd() {
        deadline?.cancel()
        deadline = nil
        guard isPlaying, let app = engine?.app, let first = segments.first, let duration = first.duration else {
            return
        }
        let left = max(duration - playedInSegment, 0)
        deadline = app.schedule(at: app.now + .phoneSeconds(left)) { [weak self] in self?.segmentMayHaveEnded() }
    }

    private func segmentMayHaveEnded() {
        guard let first = segments.first, let duration = first.duration, isPlaying else { return }
        guard playedInSegment >= duration - 0.000_5 else { return scheduleEnd() }
        segments.removeFirst()
        played = playedInSegment - duration
        runStart = enginePosition
        first.completion()
        scheduleEnd()
    }
}

/// `AVAudioUnit`, `AVAudioUnitEffect`, `AVAudioUnitTimeEffect`: effect nodes; their parameters are kept.
open class AVAudioUnit: AVAudioNode, @unchecked Sendable {}

open class AVAudioUnitEffect: AVAudioUnit, @unchecked Sendable {
    open var bypass = false
}

open class AVAudioUnitTimeEffect: AVAudioUnit, @unchecked Sendable {
    open var bypass = false
}

/// `AVAudioUnitTimePitch`: rate (1/32...32) and pitch (cents) kept; nothing is rendered. A rate other than 1 is
/// reported as not modelled (once for the unit): what plays through it would last longer or shorter.
open class AVAudioUnitTimePitch: AVAudioUnitTimeEffect, @unchecked Sendable {
    open var rate: Float = 1 {
        didSet {
            if rate != 1, !reportedRate {
                reportedRate = true
                Diagnostics.unmodelled("AVAudioUnitTimePitch.rate = \(rate)", app: engine?.app ?? SimulatedApp.current)
            }
        }
    }
    private var reportedRate = false
    open var pitch: Float = 0
    open var overlap: Float = 8
}
