/// `NSValue(time:)`, `timeValue`, `NSValue(timeRange:)` and `timeRangeValue`: times boxed as AVFoundation's API takes
/// and returns them (`addBoundaryTimeObserver(forTimes:)`, `loadedTimeRanges`, `seekableTimeRanges`). The value holds the
/// struct's bytes; reading a value that holds something else gives an invalid time or range.
extension NSValue {
    private static let timeType = "[\(MemoryLayout<CMTime>.size)C]"
    private static let timeRangeType = "[\(MemoryLayout<CMTimeRange>.size)C]"

    public convenience init(time: CMTime) {
        var copy = time
        self.init(bytes: &copy, objCType: NSValue.timeType)
    }

    public var timeValue: CMTime {
        guard String(cString: objCType) == NSValue.timeType else { return .invalid }
        var time = CMTime.invalid
        getValue(&time)
        return time
    }

    public convenience init(timeRange: CMTimeRange) {
        var copy = timeRange
        self.init(bytes: &copy, objCType: NSValue.timeRangeType)
    }

    public var timeRangeValue: CMTimeRange {
        guard String(cString: objCType) == NSValue.timeRangeType else { return .invalid }
        var range = CMTimeRange.invalid
        getValue(&range)
        return range
    }
}
