/// The Ring/Silent switch.
public enum RingerSwitch: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case ring, silent
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

    public init() {}
}

/// How the device starts.
public struct DeviceConfig: Hashable, Sendable {
    public var ringer: RingerSwitch
    public var locked: Bool
    /// The foreground app at time 0; nil means the first app declared.
    public var foreground: AppID?

    public init(ringer: RingerSwitch = .ring, locked: Bool = false, foreground: AppID? = nil) {
        self.ringer = ringer
        self.locked = locked
        self.foreground = foreground
    }
}
