/// An audio port type (`AVAudioSession.Port`).
public enum PortType: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case builtInSpeaker, builtInReceiver, builtInMic
    case headphones, headsetMic
    case bluetoothA2DP, bluetoothHFP, bluetoothLE
    case carAudio, airPlay, usbAudio, HDMI, lineOut, lineIn

    public var description: String { rawValue }

    /// The ports an app can prefer as its input (`setPreferredInput`).
    public static let inputs: [PortType] = [.builtInMic, .headsetMic, .bluetoothHFP, .usbAudio, .carAudio, .lineIn]

    /// The raw string iOS reports (`Headphones`, `BluetoothA2DPOutput`, ...), reference §6.2.
    public var iosName: String {
        switch self {
        case .builtInSpeaker: "Speaker"
        case .builtInReceiver: "Receiver"
        case .builtInMic: "MicrophoneBuiltIn"
        case .headphones: "Headphones"
        case .headsetMic: "MicrophoneWired"
        case .bluetoothA2DP: "BluetoothA2DPOutput"
        case .bluetoothHFP: "BluetoothHFP"
        case .bluetoothLE: "BluetoothLE"
        case .carAudio: "CarAudio"
        case .airPlay: "AirPlay"
        case .usbAudio: "USBAudio"
        case .HDMI: "HDMIOutput"
        case .lineOut: "LineOut"
        case .lineIn: "LineIn"
        }
    }

    /// Names accepted beside the Swift names: `hdmi` for `HDMI`.
    public static let otherNames: [(String, PortType)] = [("hdmi", .HDMI)]

    /// A port type by its Swift name or one of `otherNames`.
    public init?(name: String) {
        guard let port = PortType(rawValue: name) ?? PortType.otherNames.first(where: { $0.0 == name })?.1 else {
            return nil
        }
        self = port
    }

    /// Output that only the listener hears (headphones, Bluetooth, ...): taking it away makes audio public.
    public var isPrivateOutput: Bool {
        switch self {
        case .headphones, .bluetoothA2DP, .bluetoothHFP, .bluetoothLE: true
        default: false
        }
    }
}

/// A kind of accessory and the ports it brings (scenario format, issue 3).
public enum AccessoryKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case wiredHeadphones, wiredHeadset, bluetoothHeadphones, bluetoothHeadset, carPlay, airPlaySpeaker
    case usbInterface, hdmi, lineOut

    public var description: String { rawValue }

    /// The output ports, in preference order (HFP before A2DP is decided by the category, not here).
    public var outputs: [PortType] {
        switch self {
        case .wiredHeadphones, .wiredHeadset: [.headphones]
        case .bluetoothHeadphones: [.bluetoothA2DP]
        case .bluetoothHeadset: [.bluetoothA2DP, .bluetoothHFP]
        case .carPlay: [.carAudio]
        case .airPlaySpeaker: [.airPlay]
        case .usbInterface: [.usbAudio]
        case .hdmi: [.HDMI]
        case .lineOut: [.lineOut]
        }
    }

    /// The input ports.
    public var inputs: [PortType] {
        switch self {
        case .wiredHeadset: [.headsetMic]
        case .bluetoothHeadset: [.bluetoothHFP]
        case .usbInterface: [.usbAudio]
        case .carPlay: [.carAudio]
        default: []
        }
    }
}

/// A connected accessory. Several of one kind are told apart by name.
public struct Accessory: Hashable, Sendable, CustomStringConvertible {
    public var kind: AccessoryKind
    /// The name the user gave it; nil for the first (unnamed) one of its kind.
    public var name: String?
    /// Increases with every connection, so "last in" can be decided.
    public var serial: Int

    /// The name shown for its ports: its own name, or the kind's.
    public var label: String { name ?? kind.rawValue }
    public var description: String { name.map { "\(kind)(\($0))" } ?? kind.rawValue }
}

/// One port in a route: its type and the accessory it belongs to (nil for built-in ports).
public struct Port: Hashable, Sendable, CustomStringConvertible {
    public var type: PortType
    public var accessory: String?

    public init(_ type: PortType, accessory: String? = nil) {
        self.type = type
        self.accessory = accessory
    }

    public var description: String { accessory.map { "\(type)(\($0))" } ?? type.rawValue }
}

/// A route: the ports audio goes out of and comes in from.
public struct Route: Hashable, Sendable, CustomStringConvertible {
    public var outputs: [Port]
    public var inputs: [Port]

    public init(outputs: [Port] = [], inputs: [Port] = []) {
        self.outputs = outputs
        self.inputs = inputs
    }

    public var outputTypes: [PortType] { outputs.map(\.type) }

    /// Whether what it plays is heard in the listener's ears only: wired or Bluetooth headphones.
    public var playsInEars: Bool {
        outputs.contains { port in
            switch port.type {
            case .headphones, .bluetoothA2DP, .bluetoothHFP, .bluetoothLE: true
            default: false
            }
        }
    }
    public var inputTypes: [PortType] { inputs.map(\.type) }

    public var description: String {
        "outputs [\(outputs.map(\.description).joined(separator: ", "))] "
            + "inputs [\(inputs.map(\.description).joined(separator: ", "))]"
    }
}

/// `AVAudioSession.RouteChangeReason`, with the SDK's raw values (ArbiterKit's `AVAudioSession.RouteChangeReason` is
/// this type).
public enum RouteChangeReason: UInt, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case unknown = 0
    case newDeviceAvailable = 1
    case oldDeviceUnavailable = 2
    case categoryChange = 3
    case override = 4
    case wakeFromSleep = 6
    case noSuitableRouteForCategory = 7
    case routeConfigurationChange = 8

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .newDeviceAvailable: "newDeviceAvailable"
        case .oldDeviceUnavailable: "oldDeviceUnavailable"
        case .categoryChange: "categoryChange"
        case .override: "override"
        case .wakeFromSleep: "wakeFromSleep"
        case .noSuitableRouteForCategory: "noSuitableRouteForCategory"
        case .routeConfigurationChange: "routeConfigurationChange"
        }
    }
}
