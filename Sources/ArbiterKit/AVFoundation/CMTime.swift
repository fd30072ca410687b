/// `CMTimeValue` and `CMTimeScale`, as CoreMedia declares them.
public typealias CMTimeValue = Int64
public typealias CMTimeScale = Int32

/// `CMTime`: a rational time, value / timescale seconds, as AVPlayer's API takes and returns it.
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: Flags
    public var epoch: Int64 = 0

    /// `CMTimeFlags`.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let valid = Flags(rawValue: 1)
        public static let hasBeenRounded = Flags(rawValue: 2)
        public static let positiveInfinity = Flags(rawValue: 4)
        public static let negativeInfinity = Flags(rawValue: 8)
        public static let indefinite = Flags(rawValue: 16)
    }

    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.value = value
        self.timescale = timescale
        flags = timescale > 0 ? .valid : []
    }

    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard seconds.isFinite else {
            self.init(value: 0, timescale: 0)
            return
        }
        self.init(value: CMTimeValue((seconds * Double(preferredTimescale)).rounded()), timescale: preferredTimescale)
    }

    private init(flags: Flags) {
        value = 0
        timescale = 0
        self.flags = flags
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime(flags: [])
    public static let indefinite = CMTime(flags: [.valid, .indefinite])
    public static let positiveInfinity = CMTime(flags: [.valid, .positiveInfinity])

    public var isValid: Bool { flags.contains(.valid) }
    public var isIndefinite: Bool { flags.contains(.indefinite) }
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: [.indefinite, .positiveInfinity, .negativeInfinity]) }

    /// The time in seconds; NaN when it is not a number of seconds (invalid or indefinite).
    public var seconds: Double { isNumeric ? Double(value) / Double(timescale) : .nan }

    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { lhs.seconds < rhs.seconds }
    public static func == (lhs: CMTime, rhs: CMTime) -> Bool {
        lhs.isNumeric && rhs.isNumeric ? lhs.seconds == rhs.seconds : lhs.flags == rhs.flags
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(isNumeric ? seconds : -1) }

    public var description: String {
        isNumeric ? "CMTime(\(value)/\(timescale) = \(seconds)s)" : isIndefinite ? "CMTime(indefinite)" : "CMTime(invalid)"
    }

    static func seconds(_ seconds: Double?) -> CMTime {
        guard let seconds else { return .indefinite }
        return CMTime(seconds: seconds, preferredTimescale: 1000)
    }
}

public func CMTimeMake(value: CMTimeValue, timescale: CMTimeScale) -> CMTime {
    CMTime(value: value, timescale: timescale)
}

public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: CMTimeScale) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }
