/// What an app's `on('audioInterrupt')` callback receives (§5.1, D-ENUM).
public struct InterruptEvent: Hashable, Sendable, CustomStringConvertible {
    public var type: InterruptType
    public var force: InterruptForceType
    public var hint: InterruptHint

    public init(_ type: InterruptType, _ force: InterruptForceType, _ hint: InterruptHint) {
        self.type = type
        self.force = force
        self.hint = hint
    }

    /// `begin force pause`, as reports and checks write it.
    public var description: String { "\(type) \(force) \(hint)" }
}

/// `InterruptType`: an interruption begins, or ends.
public enum InterruptType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case begin, end
    public var description: String { rawValue }
}

/// `InterruptForceType`: the system already did it (force), or suggests it and the app decides (share).
public enum InterruptForceType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case force, share
    public var description: String { rawValue }
}

/// `InterruptHint`: what happened, or what the app should do.
public enum InterruptHint: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case none, resume, pause, stop, duck, unduck
    public var description: String { rawValue }
}

/// How a stream shares focus with the app's other streams (`audio.InterruptMode`, §4.4).
public enum InterruptMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The app's streams share one focus: the policy does not act among them (the default).
    case share
    /// Each stream has its own focus, as another app's would.
    case independent
    public var description: String { rawValue }
}

/// An AudioSession's strategy (`AudioConcurrencyMode`, §9.1).
public enum ConcurrencyMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case `default`, mixWithOthers, duckOthers, pauseOthers
    public var description: String { rawValue }
}

/// Why the system deactivated an app's AudioSession (`AudioSessionDeactivatedReason`, §9.1).
public enum SessionDeactivatedReason: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Every stream of the app was stopped by another's.
    case lowerPriority
    /// The session stayed active with no stream for the profile's `sessionTimeout`.
    case timeout
    public var description: String { rawValue }
}
