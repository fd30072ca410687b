/// The Ring/Silent switch.
public enum RingerSwitch: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case ring, silent
    public var description: String { rawValue }
}

/// How an incoming call shows while the device is in use (Settings > Phone > Incoming Calls, iOS 14+).
public enum CallStyle: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A banner at the top of the screen: apps that prefer no interruptions from system alerts keep playing while
    /// the call rings.
    case banner
    /// The whole screen: the call interrupts every active session while it rings, whatever the apps prefer.
    case fullScreen
    public var description: String { rawValue }
}

/// A phone call's progress.
public enum CallState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case ringing, active
    public var description: String { rawValue }
}

/// The device: switch, lock, foreground app, and the system's own audio (calls, Siri, alarms).
public struct DeviceState: Hashable, Sendable {
    public var ringer: RingerSwitch = .ring
    public var isLocked = false
    /// The app in the foreground; nil on the home screen.
    public var foreground: AppID?
    /// The phone call, ringing or answered, if any.
    public var call: CallState?
    public var isSiriActive = false
    public var isAlarmActive = false
    /// Connected accessories, in connection order (the last is the last in).
    public var accessories: [Accessory] = []
    /// Media services were lost and not yet reset: sessions cannot activate.
    public var mediaServicesLost = false
    /// The device is offline: streamed items cannot load or buffer.
    public var isNetworkDown = false
    /// How incoming calls show (default banner, iOS 14's default).
    public var callStyle: CallStyle = .banner
    /// The built-in microphone is muted in hardware (an iPad's Smart Folio is closed).
    public var builtInMicMuted = false

    public init() {}

    /// The position of the connected accessory of `spec`'s kind and exactly its name (none: the one without a name).
    func accessoryIndex(exactly spec: AccessorySpec) -> Int? {
        accessories.firstIndex { $0.kind == spec.kind && $0.name == spec.name }
    }

    /// The position of the connected accessory `spec` names: of its kind, with its name when it has one, else the
    /// first of its kind.
    func accessoryIndex(matching spec: AccessorySpec) -> Int? {
        accessoryIndex(exactly: spec) ?? (spec.name == nil ? accessories.firstIndex { $0.kind == spec.kind } : nil)
    }
}

/// How the device starts.
public struct DeviceConfig: Hashable, Sendable {
    public var ringer: RingerSwitch
    public var locked: Bool
    /// The foreground app at time 0; nil means the first app declared.
    public var foreground: AppID?
    /// Accessories connected at time 0, in connection order.
    public var accessories: [AccessorySpec]
    /// How incoming calls show (extension). Default banner.
    public var callStyle: CallStyle

    public init(
        ringer: RingerSwitch = .ring, locked: Bool = false, foreground: AppID? = nil,
        accessories: [AccessorySpec] = [], callStyle: CallStyle = .banner
    ) {
        self.ringer = ringer
        self.locked = locked
        self.foreground = foreground
        self.accessories = accessories
        self.callStyle = callStyle
    }
}

/// An accessory to connect: its kind and, for a second one of a kind, its name.
public struct AccessorySpec: Hashable, Sendable, CustomStringConvertible {
    public var kind: AccessoryKind
    public var name: String?

    public init(_ kind: AccessoryKind, name: String? = nil) {
        self.kind = kind
        self.name = name
    }

    public var description: String { name.map { "\(kind)(\($0))" } ?? kind.rawValue }
}
