import ArbiterEngine

/// `AVAudioSession`: the running app's audio session on the simulated phone. Each call is an event of the app in the
/// policy engine, at the phone's time; a call iOS would refuse throws the `NSError` iOS throws
/// (`NSOSStatusErrorDomain`, the `AVAudioSession.ErrorCode`), with the rule that refused it in its description.
open class AVAudioSession: NSObject, _KeyValueObservingSimulated, @unchecked Sendable {
    /// The app the session belongs to; nil for the stand-in handed out outside any app's code.
    let app: SimulatedApp?
    private static let outside = AVAudioSession(app: nil)
    /// What the app asked of the hardware and the session beyond the engine's state (`AVAudioSession+Hardware`):
    /// the app's one session keeps them, so another object for it (`AVAudioSession()`) reads and writes the same.
    var preferences: HardwarePreferences {
        get { sessionObject.map(\.preferences) ?? ownPreferences }
        set { if let shared = sessionObject { shared.preferences = newValue } else { ownPreferences = newValue } }
    }
    private var ownPreferences = HardwarePreferences()
    /// The app's session object when this is another object for it.
    private var sessionObject: AVAudioSession? {
        guard let shared = app?.session, shared !== self else { return nil }
        return shared
    }

    public var _observingApp: SimulatedApp? { app }

    init(app: SimulatedApp?) {
        self.app = app
    }

    /// `AVAudioSession()`: another object for the audio session of the app whose code is running, as on iOS, where
    /// an app has one audio session. Its calls are that session's calls and read its state; it is not
    /// `sharedInstance()` (`!==`), and the session's notifications name `sharedInstance()` as their object. Made
    /// outside any app's code it is reported, and belongs to no app, as `sharedInstance()` there does.
    public override convenience init() {
        let app = SimulatedApp.current
        if app == nil { Diagnostics.outsideApp("AVAudioSession()") }
        self.init(app: app)
    }

    /// The session of the app whose code is running.
    open class func sharedInstance() -> AVAudioSession {
        if let app = SimulatedApp.current { return app.session }
        Diagnostics.outsideApp("AVAudioSession.sharedInstance()")
        return outside
    }

    public static let interruptionNotification = NSNotification.Name("AVAudioSessionInterruptionNotification")
    public static let routeChangeNotification = NSNotification.Name("AVAudioSessionRouteChangeNotification")
    public static let silenceSecondaryAudioHintNotification =
        NSNotification.Name("AVAudioSessionSilenceSecondaryAudioHintNotification")
    public static let mediaServicesWereLostNotification =
        NSNotification.Name("AVAudioSessionMediaServicesWereLostNotification")
    public static let mediaServicesWereResetNotification =
        NSNotification.Name("AVAudioSessionMediaServicesWereResetNotification")

    // MARK: Category and mode

    open var category: Category { Category(engineSession?.category ?? .soloAmbient) }
    open var mode: Mode { Mode(engineSession?.mode ?? .default) }
    open var categoryOptions: CategoryOptions { CategoryOptions(engineSession?.effectiveOptions ?? []) }

    open func setCategory(_ category: Category) throws {
        try setCategory(category, mode: nil, options: [], api: "setCategory(.\(category.shortName))")
    }

    open func setCategory(_ category: Category, options: CategoryOptions = []) throws {
        try setCategory(
            category, mode: nil, options: options,
            api: "setCategory(.\(category.shortName), options: \(options.names))")
    }

    open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        try setCategory(
            category, mode: mode, options: options,
            api: "setCategory(.\(category.shortName), mode: .\(mode.shortName), options: \(options.names))")
    }

    open func setCategory(
        _ category: Category, mode: Mode, policy: RouteSharingPolicy,
        options: CategoryOptions = []
    ) throws {
        if policy != .default {
            Diagnostics.unmodelled("AVAudioSession.setCategory(_:mode:policy:options:) with policy \(policy)", app: app)
        }
        try setCategory(
            category, mode: mode, options: options,
            api: "setCategory(.\(category.shortName), mode: .\(mode.shortName), policy: \(policy), "
                + "options: \(options.names))", policy: policy)
    }

    open func setMode(_ mode: Mode) throws {
        guard let engineMode = mode.engine else {
            throw AVAudioSession.error(.badParam, "unknown mode \(mode.rawValue)")
        }
        try perform(.setMode(engineMode), api: "setMode(.\(mode.shortName))")
    }

    private func setCategory(
        _ category: Category, mode: Mode?, options: CategoryOptions, api: String,
        policy: RouteSharingPolicy = .default
    ) throws {
        guard let engineCategory = category.engine else {
            throw AVAudioSession.error(.badParam, "unknown category \(category.rawValue)")
        }
        var engineMode: ArbiterEngine.Mode?
        if let mode {
            guard let known = mode.engine else {
                throw AVAudioSession.error(.badParam, "unknown mode \(mode.rawValue)")
            }
            engineMode = known
        }
        try perform(.setCategory(engineCategory, mode: engineMode, options: options.engine), api: api)
        preferences.routeSharingPolicy = policy
    }

    // MARK: Activation

    open func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
        if active {
            try perform(.activate, api: "setActive(true)")
        } else {
            let notify = options.contains(.notifyOthersOnDeactivation)
            try perform(
                .deactivate(notifyOthers: notify),
                api: notify ? "setActive(false, options: .notifyOthersOnDeactivation)" : "setActive(false)")
        }
    }

    /// The deprecated (iOS 4-6) form: flag 1 is notifyOthersOnDeactivation.
    @available(*, deprecated, message: "Use setActive(_:options:)")
    open func setActive(_ active: Bool, withFlags flags: Int) throws {
        try setActive(active, options: SetActiveOptions(rawValue: UInt(flags) & 1))
    }

    // MARK: Other audio

    open var isOtherAudioPlaying: Bool {
        guard let app else { return false }
        return app.phone.engine.isOtherAudioPlaying(for: app.name)
    }

    open var secondaryAudioShouldBeSilencedHint: Bool {
        guard let app else { return false }
        return app.phone.engine.secondaryAudioShouldBeSilencedHint(for: app.name)
    }

    // MARK: Routes

    open var currentRoute: AVAudioSessionRouteDescription { AVAudioSessionRouteDescription(engineRoute) }

    /// The device's route when the app's session owns it (or none does), else the route its session would get.
    var engineRoute: Route {
        guard let app, let session = engineSession else { return Route() }
        let engine = app.phone.engine
        return engine.routeOwner == app.name || engine.routeOwner == nil
            ? engine.currentRoute : engine.route(for: session)
    }

    /// The inputs the category can use: the built-in mic and the connected accessories' inputs; nil when the
    /// category has no input.
    open var availableInputs: [AVAudioSessionPortDescription]? {
        guard let app, let session = engineSession, session.category.traits.hasInput else { return nil }
        var ports = [ArbiterEngine.Port(.builtInMic)]
        for accessory in app.phone.engine.device.accessories {
            ports += accessory.kind.inputs.map { ArbiterEngine.Port($0, accessory: accessory.label) }
        }
        return ports.map(AVAudioSessionPortDescription.init)
    }

    open var preferredInput: AVAudioSessionPortDescription? {
        guard let type = engineSession?.preferredInput else { return nil }
        return availableInputs?.first { $0.portType.engine == type }
    }

    open func setPreferredInput(_ inPort: AVAudioSessionPortDescription?) throws {
        guard let inPort else { return try perform(.preferInput(nil), api: "setPreferredInput(nil)") }
        guard let type = inPort.portType.engine, PortType.inputs.contains(type) else {
            throw AVAudioSession.error(.badParam, "\(inPort.portType.rawValue) is not an input port")
        }
        try perform(.preferInput(type), api: "setPreferredInput(\(inPort.portName))")
    }

    open func overrideOutputAudioPort(_ portOverride: PortOverride) throws {
        try perform(
            .overrideOutput(speaker: portOverride == .speaker),
            api: "overrideOutputAudioPort(.\(portOverride == .speaker ? "speaker" : "none"))")
    }

    // MARK: Preferences

    open func setPrefersInterruptionOnRouteDisconnect(_ inValue: Bool) throws {
        try perform(
            .setPrefersInterruptionOnRouteDisconnect(inValue),
            api: "setPrefersInterruptionOnRouteDisconnect(\(inValue))")
    }

    open var prefersInterruptionOnRouteDisconnect: Bool { engineSession?.prefersInterruptionOnRouteDisconnect ?? true }

    open func setPrefersNoInterruptionsFromSystemAlerts(_ inValue: Bool) throws {
        try perform(
            .setPrefersNoInterruptionsFromSystemAlerts(inValue),
            api: "setPrefersNoInterruptionsFromSystemAlerts(\(inValue))")
    }

    open var prefersNoInterruptionsFromSystemAlerts: Bool {
        engineSession?.prefersNoInterruptionsFromSystemAlerts ?? false
    }

    // MARK: The engine

    var engineSession: ArbiterEngine.AudioSession? { app?.state?.session }

    /// Makes the call in the engine; throws what iOS throws when the engine says it fails.
    func perform(_ action: AppAction, api: String) throws {
        guard let app else {
            Diagnostics.outsideApp("AVAudioSession.\(api)")
            throw AVAudioSession.error(.unspecified, "\(api) was called on a session of no app")
        }
        let outcome = app.call(action, api: "AVAudioSession.\(api)")
        switch outcome.result {
        case .succeeded: return
        case .failed(let error):
            throw AVAudioSession.error(
                ErrorCode(rawValue: Int(error.code.osStatus)) ?? .unspecified,
                "\(api) failed with \(error.code) (\(error.code.codeText)): [\(error.rule.id)] "
                    + error.rule.statement)
        case .rejected(let error):
            throw AVAudioSession.error(.badParam, "\(api) was refused: \(error)")
        }
    }

    static func error(_ code: ErrorCode, _ description: String) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: code.rawValue, userInfo: [NSLocalizedDescriptionKey: description])
    }
}

extension AVAudioSession.Category {
    var shortName: String { engine?.rawValue ?? rawValue }
}

extension AVAudioSession.Mode {
    var shortName: String { engine?.rawValue ?? rawValue }
}

extension AVAudioSession.CategoryOptions {
    var names: String { "[" + engine.members.map { "." + $0.rawValue }.joined(separator: ", ") + "]" }
}
