/// `CMTimeRange`: a start and a duration. `containsTime(_:)` is `start <= time < end`, as CoreMedia has it.
public struct CMTimeRange: Hashable, Sendable, CustomStringConvertible {
    public var start: CMTime
    public var duration: CMTime

    /// An invalid range: both times invalid.
    public init() {
        self.init(start: .invalid, duration: .invalid)
    }

    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    /// `CMTimeRangeFromTimeToTime`: from `start` to `end`.
    public init(start: CMTime, end: CMTime) {
        self.init(start: start, duration: end - start)
    }

    public static let zero = CMTimeRange(start: .zero, duration: .zero)
    public static let invalid = CMTimeRange()

    /// `CMTimeRangeGetEnd`: `start + duration`; invalid for an invalid range.
    public var end: CMTime { isValid ? start + duration : .invalid }

    /// Both times valid, and the duration in epoch 0 and not negative (`CMTIMERANGE_IS_VALID`).
    public var isValid: Bool {
        start.isValid && duration.isValid && duration.epoch == 0 && duration.value >= 0
    }

    /// Valid, with an indefinite start or duration (`CMTIMERANGE_IS_INDEFINITE`).
    public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }

    /// Valid, with a zero duration (`CMTIMERANGE_IS_EMPTY`).
    public var isEmpty: Bool { isValid && duration == .zero }

    /// `CMTimeRangeContainsTime`: whether `start <= time < end`.
    public func containsTime(_ time: CMTime) -> Bool {
        isValid && time.isValid && start <= time && time < end
    }

    /// `CMTimeRangeContainsTimeRange`: whether `range` lies within this one.
    public func containsTimeRange(_ range: CMTimeRange) -> Bool {
        isValid && range.isValid && start <= range.start && range.end <= end
    }

    public var description: String { "CMTimeRange(start: \(start), duration: \(duration))" }
}

public let kCMTimeRangeZero = CMTimeRange.zero
public let kCMTimeRangeInvalid = CMTimeRange.invalid

public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, duration: duration)
}

public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange {
    CMTimeRange(start: start, end: end)
}

public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }

public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool { range.containsTime(time) }

public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool {
    range.containsTimeRange(otherRange)
}

public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }
