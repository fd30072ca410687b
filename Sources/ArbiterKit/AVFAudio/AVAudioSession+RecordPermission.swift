import ArbiterEngine

extension AVAudioSession {
    /// `AVAudioSession.RecordPermission`, with the SDK's four-character raw values.
    public enum RecordPermission: UInt, Sendable {
        case undetermined = 0x756E_6474  // 'undt'
        case denied = 0x6465_6E79  // 'deny'
        case granted = 0x6772_6E74  // 'grnt'
    }

    /// The app's record permission: `SimulatedPhone.recordPermissions`, undetermined until the app asks or records.
    public var recordPermission: RecordPermission {
        guard let app else { return .undetermined }
        return app.phone.recordPermissions[app.name] ?? .undetermined
    }

    /// Asks the user for record permission: the block runs at once, with the decision already made or, the first
    /// time, with what the user answers (`SimulatedPhone.recordPermissionAnswers`, granted by default), which is kept.
    public func requestRecordPermission(_ response: @escaping (Bool) -> Void) {
        response(app?.askRecordPermission() ?? false)
    }
}

extension SimulatedApp {
    /// The record permission decided, asking the user (the phone's answer for the app) when it is undetermined, as
    /// iOS prompts at the first request or recording. Whether it is granted.
    func askRecordPermission() -> Bool {
        if let decided = phone.recordPermissions[name], decided != .undetermined { return decided == .granted }
        let granted = phone.recordPermissionAnswers[name] ?? true
        phone.recordPermissions[name] = granted ? .granted : .denied
        return granted
    }

    /// Whether what the app records is the microphone's sound: permission granted and input not muted. Without
    /// either, iOS records silence (ASPG "Protecting User Privacy"; `AVAudioApplication.setInputMuted(_:)`).
    var hearsMicrophone: Bool {
        phone.recordPermissions[name] == .granted && !applicationAudio.isInputMuted
    }
}

/// `AVAudioApplication` (iOS 17): the app's record permission and its input mute.
open class AVAudioApplication: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    private static let outside = AVAudioApplication(app: nil)

    init(app: SimulatedApp?) { self.app = app }

    /// The running app's object.
    open class var shared: AVAudioApplication {
        if let app = SimulatedApp.current { return app.applicationAudio }
        Diagnostics.outsideApp("AVAudioApplication.shared")
        return outside
    }

    /// `AVAudioApplication.recordPermission`, with the SDK's raw values.
    public enum recordPermission: Int, Sendable {
        case undetermined = 0x756E_6474  // 'undt'
        case denied = 0x6465_6E79  // 'deny'
        case granted = 0x6772_6E74  // 'grnt'
    }

    /// The app's record permission (the same as `AVAudioSession.recordPermission`).
    open var recordPermission: recordPermission {
        guard let app else { return .undetermined }
        return .init(rawValue: Int(app.session.recordPermission.rawValue)) ?? .undetermined
    }

    /// Asks the user for record permission; the handler runs at once (see `AVAudioSession.requestRecordPermission`).
    open class func requestRecordPermission(completionHandler response: @escaping @Sendable (Bool) -> Void) {
        response(SimulatedApp.current?.askRecordPermission() ?? false)
    }

    /// Asks the user for record permission and returns whether it is granted.
    nonisolated(nonsending) open class func requestRecordPermission() async -> Bool {
        SimulatedApp.current?.askRecordPermission() ?? false
    }

    /// Whether the app muted its input: a recording hears silence while it is. Kept; false until set.
    open private(set) var isInputMuted = false

    open func setInputMuted(_ muted: Bool) throws { isInputMuted = muted }

    /// Posted when the input mute changes (macOS in the SDK); declared, never posted.
    public static let inputMuteStateChangeNotification =
        NSNotification.Name("AVAudioApplicationInputMuteStateChangeNotification")
    public static let muteStateKey = "AVAudioApplicationMuteStateKey"
}
