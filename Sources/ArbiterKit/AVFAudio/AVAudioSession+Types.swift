import ArbiterEngine

extension AVAudioSession {
    /// `AVAudioSession.Category`, with the SDK's raw values.
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let ambient = Category("AVAudioSessionCategoryAmbient")
        public static let soloAmbient = Category("AVAudioSessionCategorySoloAmbient")
        public static let playback = Category("AVAudioSessionCategoryPlayback")
        public static let record = Category("AVAudioSessionCategoryRecord")
        public static let playAndRecord = Category("AVAudioSessionCategoryPlayAndRecord")
        public static let multiRoute = Category("AVAudioSessionCategoryMultiRoute")
        @available(*, deprecated, message: "No longer supported")
        public static let audioProcessing = Category("AVAudioSessionCategoryAudioProcessing")

        static let table: [(Category, ArbiterEngine.Category)] = [
            (Category("AVAudioSessionCategoryAmbient"), .ambient),
            (Category("AVAudioSessionCategorySoloAmbient"), .soloAmbient),
            (Category("AVAudioSessionCategoryPlayback"), .playback),
            (Category("AVAudioSessionCategoryRecord"), .record),
            (Category("AVAudioSessionCategoryPlayAndRecord"), .playAndRecord),
            (Category("AVAudioSessionCategoryMultiRoute"), .multiRoute),
            (Category("AVAudioSessionCategoryAudioProcessing"), .audioProcessing),
        ]
        var engine: ArbiterEngine.Category? { Category.table.first { $0.0 == self }?.1 }
        init(_ category: ArbiterEngine.Category) { self = Category.table.first { $0.1 == category }!.0 }
    }

    /// `AVAudioSession.Mode`, with the SDK's raw values.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let `default` = Mode("AVAudioSessionModeDefault")
        public static let voiceChat = Mode("AVAudioSessionModeVoiceChat")
        public static let videoChat = Mode("AVAudioSessionModeVideoChat")
        public static let gameChat = Mode("AVAudioSessionModeGameChat")
        public static let videoRecording = Mode("AVAudioSessionModeVideoRecording")
        public static let measurement = Mode("AVAudioSessionModeMeasurement")
        public static let moviePlayback = Mode("AVAudioSessionModeMoviePlayback")
        public static let spokenAudio = Mode("AVAudioSessionModeSpokenAudio")
        public static let voicePrompt = Mode("AVAudioSessionModeVoicePrompt")
        public static let shortFormVideo = Mode("AVAudioSessionModeShortFormVideo")

        var engine: ArbiterEngine.Mode? {
            ArbiterEngine.Mode.allCases.first { Mode($0) == self }
        }
        init(_ mode: ArbiterEngine.Mode) {
            let name =
                mode.rawValue == "default"
                ? "Default" : mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst()
            self.init("AVAudioSessionMode" + name)
        }
    }

    /// `AVAudioSession.CategoryOptions`, with the SDK's bits.
    public struct CategoryOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        public static let allowBluetoothHFP = CategoryOptions(rawValue: 0x4)
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
        public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
        public static let overrideMutedMicrophoneInterruption = CategoryOptions(rawValue: 0x80)
        public static let farFieldInput = CategoryOptions(rawValue: 0x40000)
        public static let bluetoothHighQualityRecording = CategoryOptions(rawValue: 0x80000)

        /// The engine's options for these bits (interruptSpokenAudioAndMixWithOthers includes mixWithOthers's bit).
        var engine: ArbiterEngine.CategoryOptions {
            var options = ArbiterEngine.CategoryOptions()
            for option in CategoryOption.allCases where rawValue & option.bits == option.bits {
                options.insert(option)
            }
            if options.contains(.interruptSpokenAudioAndMixWithOthers) && rawValue & 0x1 == 0x1
                && !options.contains(.mixWithOthers)
            {
                options.insert(.mixWithOthers)
            }
            return options
        }
        init(_ options: ArbiterEngine.CategoryOptions) { self.init(rawValue: options.bits) }
    }

    /// `AVAudioSession.SetActiveOptions`.
    public struct SetActiveOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    /// `AVAudioSession.PortOverride`.
    public enum PortOverride: UInt, Sendable {
        case none = 0
        case speaker = 0x7370_6b72  // 'spkr'
    }

    /// `AVAudioSession.PromptStyle`, with the SDK's four-character raw values.
    public enum PromptStyle: UInt, Sendable {
        case none = 0x6E6F_6E65  // 'none'
        case short = 0x7368_7274  // 'shrt'
        case normal = 0x6E72_6D6C  // 'nrml'
    }

    /// `AVAudioSession.RouteSharingPolicy`.
    public enum RouteSharingPolicy: UInt, Sendable {
        case `default` = 0
        case longFormAudio = 1
        case independent = 2
        case longFormVideo = 3
    }

    /// `AVAudioSession.Port`, with the SDK's raw values.
    public struct Port: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let builtInSpeaker = Port(PortType.builtInSpeaker)
        public static let builtInReceiver = Port(PortType.builtInReceiver)
        public static let builtInMic = Port(PortType.builtInMic)
        public static let headphones = Port(PortType.headphones)
        public static let headsetMic = Port(PortType.headsetMic)
        public static let bluetoothA2DP = Port(PortType.bluetoothA2DP)
        public static let bluetoothHFP = Port(PortType.bluetoothHFP)
        public static let bluetoothLE = Port(PortType.bluetoothLE)
        public static let carAudio = Port(PortType.carAudio)
        public static let airPlay = Port(PortType.airPlay)
        public static let usbAudio = Port(PortType.usbAudio)
        public static let HDMI = Port(PortType.HDMI)
        public static let lineOut = Port(PortType.lineOut)
        public static let lineIn = Port(PortType.lineIn)

        init(_ type: PortType) { self.init(type.iosName) }
        var engine: PortType? { PortType.allCases.first { $0.iosName == rawValue } }
    }

    /// `AVAudioSession.InterruptionType`: began is 1, ended is 0.
    public enum InterruptionType: UInt, Sendable {
        case began = 1
        case ended = 0
    }

    /// `AVAudioSession.InterruptionOptions`.
    public struct InterruptionOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let shouldResume = InterruptionOptions(rawValue: 1)
    }

    /// `AVAudioSession.InterruptionReason` (iOS 14.5+).
    public enum InterruptionReason: UInt, Sendable {
        case `default` = 0
        @available(*, deprecated, message: "Not sent from iOS 16")
        case appWasSuspended = 1
        case builtInMicMuted = 2
        case sceneWasBackgrounded = 3
        case routeDisconnected = 4
        case deviceUnauthenticated = 5
    }

    /// `AVAudioSession.RouteChangeReason`: the engine's, which has the SDK's cases and raw values.
    public typealias RouteChangeReason = ArbiterEngine.RouteChangeReason

    /// `AVAudioSession.SilenceSecondaryAudioHintType`.
    public enum SilenceSecondaryAudioHintType: UInt, Sendable {
        case begin = 1
        case end = 0
    }

    /// `AVAudioSession.ErrorCode`: the OSStatus values of the errors the session's calls throw (as `NSError`s in
    /// `NSOSStatusErrorDomain` with these codes).
    public enum ErrorCode: Int, Sendable {
        case none = 0
        case mediaServicesFailed = 1_836_282_486
        case isBusy = 560_030_580
        case incompatibleCategory = 560_161_140
        case cannotInterruptOthers = 560_557_684
        case missingEntitlement = 1_701_737_535
        case siriIsRecording = 1_936_290_409
        case cannotStartPlaying = 561_015_905
        case cannotStartRecording = 561_145_187
        case badParam = -50
        case insufficientPriority = 561_017_449
        case resourceNotAvailable = 561_145_203
        case unspecified = 2_003_329_396
        case expiredSession = 561_210_739
        case sessionNotActive = 1_768_841_571
    }
}

/// `AVAudioSessionRouteDescription`: a route's inputs and outputs.
open class AVAudioSessionRouteDescription: NSObject, @unchecked Sendable {
    public let inputs: [AVAudioSessionPortDescription]
    public let outputs: [AVAudioSessionPortDescription]

    init(_ route: Route) {
        inputs = route.inputs.map(AVAudioSessionPortDescription.init)
        outputs = route.outputs.map(AVAudioSessionPortDescription.init)
    }

    open override var description: String {
        "<AVAudioSessionRouteDescription: inputs = \(inputs.map(\.portName)); outputs = \(outputs.map(\.portName))>"
    }
}

/// `AVAudioSessionPortDescription`: one port of a route.
open class AVAudioSessionPortDescription: NSObject, @unchecked Sendable {
    public let portType: AVAudioSession.Port
    /// The accessory's name, or the built-in port's (`Speaker`, `Receiver`, `iPhone Microphone`).
    public let portName: String
    /// A stable identifier of the port on this phone.
    public let uid: String

    init(_ port: ArbiterEngine.Port) {
        portType = AVAudioSession.Port(port.type)
        portName = port.accessory ?? AVAudioSessionPortDescription.builtInName(port.type)
        uid = port.accessory.map { "\(port.type.iosName)-\($0)" } ?? port.type.iosName
    }

    private static func builtInName(_ type: PortType) -> String {
        switch type {
        case .builtInSpeaker: "Speaker"
        case .builtInReceiver: "Receiver"
        case .builtInMic: "iPhone Microphone"
        default: type.iosName
        }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? AVAudioSessionPortDescription else { return false }
        return other.uid == uid && other.portType == portType
    }

    open override var hash: Int { uid.hashValue }
}

/// `AVAudioSession.interruptionNotification`'s userInfo keys.
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"
public let AVAudioSessionInterruptionReasonKey = "AVAudioSessionInterruptionReasonKey"
public let AVAudioSessionInterruptionWasSuspendedKey = "AVAudioSessionInterruptionWasSuspendedKey"
/// `AVAudioSession.routeChangeNotification`'s userInfo keys.
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
public let AVAudioSessionRouteChangePreviousRouteKey = "AVAudioSessionRouteChangePreviousRouteKey"
/// `AVAudioSession.silenceSecondaryAudioHintNotification`'s userInfo key.
public let AVAudioSessionSilenceSecondaryAudioHintTypeKey = "AVAudioSessionSilenceSecondaryAudioHintTypeKey"
