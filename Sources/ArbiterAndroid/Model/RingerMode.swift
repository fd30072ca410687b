/// `AudioManager.RINGER_MODE_*`.
public enum RingerMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case normal, vibrate, silent

    public var description: String { rawValue }
}

/// Which focus policy decides: the phone's stack or the car's interaction matrix.
public enum FocusPlatform: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `platform: android`: MediaFocusControl's stack.
    case phone = "android"
    /// `platform: androidAutomotive`: CarAudioFocus's interaction matrix and ducking table.
    case car = "androidAutomotive"

    public var description: String { rawValue }
}
