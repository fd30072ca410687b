/// `CMTimeValue`, `CMTimeScale` and `CMTimeEpoch`, as CoreMedia declares them.
public typealias CMTimeValue = Int64
public typealias CMTimeScale = Int32
public typealias CMTimeEpoch = Int64

/// `kCMTimeMaxTimescale`: the largest timescale a time can have.
public let kCMTimeMaxTimescale: Int32 = 0x7fff_ffff

/// `CMTimeFlags`: what kind of time a `CMTime` is. Only `valid` set: a number of seconds.
public struct CMTimeFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// `CMTimeRoundingMethod`: how a time is rounded when it changes timescale.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    case roundHalfAwayFromZero = 1
    case roundTowardZero = 2
    case roundAwayFromZero = 3
    /// Toward zero when going to a smaller timescale, away from zero to a larger one; a negative time never rounds
    /// to zero.
    case quickTime = 4
    case roundTowardPositiveInfinity = 5
    case roundTowardNegativeInfinity = 6
    /// `roundHalfAwayFromZero`.
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// `CMTime`: a rational time, `value / timescale` seconds, or invalid, indefinite, or an infinity (its `flags` say
/// which). Arithmetic and comparison follow CoreMedia's documentation: `+` and `-` are `CMTimeAdd` and
/// `CMTimeSubtract`, and `==` and `<` are `CMTimeCompare`, which orders
/// `-infinity < numbers < indefinite < +infinity < invalid`, compares numbers by value across timescales (1/2 == 2/4)
/// and by epoch first. As in CoreMedia, there is no `+=`, `-=` or `*` operator (use `CMTimeMultiply` and friends).
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: CMTimeFlags
    public var epoch: CMTimeEpoch

    /// The flags' type, under its earlier name here.
    public typealias Flags = CMTimeFlags

    /// An invalid time: every field 0.
    public init() {
        self.init(value: 0, timescale: 0, flags: [], epoch: 0)
    }

    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `CMTimeMake`: a valid time of `value / timescale` seconds; invalid when `timescale` is not positive.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// `CMTimeMakeWithSeconds`: `seconds` in `preferredTimescale`, rounded half away from zero (and then marked
    /// `hasBeenRounded`); NaN is invalid, ±∞ the infinities.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        if seconds.isNaN || preferredTimescale <= 0 {
            self = .invalid
        } else if seconds.isInfinite {
            self = seconds > 0 ? .positiveInfinity : .negativeInfinity
        } else {
            var scale = preferredTimescale
            var exact = seconds * Double(scale)
            // Overflow: the timescale halves until the value fits.
            while abs(exact) >= 9.2e18, scale > 1 {
                scale /= 2
                exact = seconds * Double(scale)
            }
            guard abs(exact) < 9.2e18 else {
                self = seconds > 0 ? .positiveInfinity : .negativeInfinity
                return
            }
            let rounded = exact.rounded(.toNearestOrAwayFromZero)
            self.init(
                value: CMTimeValue(rounded), timescale: scale,
                flags: rounded == exact && scale == preferredTimescale ? .valid : [.valid, .hasBeenRounded],
                epoch: 0)
        }
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime()
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    public var isValid: Bool { flags.contains(.valid) }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    /// Valid, and neither indefinite nor infinite: a number of seconds.
    public var isNumeric: Bool { flags.intersection([.valid, .impliedValueFlagsMask]) == .valid }
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// `CMTimeGetSeconds`: the time in seconds; ±infinity for the infinities, NaN when invalid or indefinite.
    public var seconds: Double {
        if isNumeric { return Double(value) / Double(timescale) }
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        return .nan
    }

    /// `CMTimeConvertScale`: the time in `newTimescale`, rounded by `method` (and then marked `hasBeenRounded`);
    /// a time that is not a number is returned as it is.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        guard isNumeric else { return self }
        guard newTimescale > 0, timescale > 0 else { return .invalid }
        guard let (newValue, exact) = CMTime.rescale(value, from: timescale, to: newTimescale, method) else {
            return value > 0 ? .positiveInfinity : .negativeInfinity
        }
        var result = CMTime(value: newValue, timescale: newTimescale, flags: flags, epoch: epoch)
        if !exact { result.flags.insert(.hasBeenRounded) }
        return result
    }

    // MARK: Comparing

    /// The order of `CMTimeCompare`: −∞, numbers, indefinite, +∞, invalid.
    private var rank: Int {
        if !isValid { return 4 }
        if isPositiveInfinity { return 3 }
        if isNegativeInfinity { return 0 }
        if isIndefinite { return 2 }
        return 1
    }

    /// `CMTimeCompare`: -1, 0 or 1.
    static func compare(_ a: CMTime, _ b: CMTime) -> Int32 {
        if a.rank != b.rank { return a.rank < b.rank ? -1 : 1 }
        guard a.rank == 1 else { return 0 }
        if a.epoch != b.epoch { return a.epoch < b.epoch ? -1 : 1 }
        // a.value / a.timescale against b.value / b.timescale, without overflow.
        let left = a.value.multipliedFullWidth(by: Int64(b.timescale))
        let right = b.value.multipliedFullWidth(by: Int64(a.timescale))
        if left.high != right.high { return left.high < right.high ? -1 : 1 }
        if left.low != right.low { return left.low < right.low ? -1 : 1 }
        return 0
    }

    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) < 0 }
    public static func <= (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) <= 0 }
    public static func > (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) > 0 }
    public static func >= (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) >= 0 }
    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) == 0 }
    public static func != (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) != 0 }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rank)
        guard rank == 1 else { return }
        let divisor = CMTime.gcd(value.magnitude, UInt64(timescale))
        hasher.combine(epoch)
        hasher.combine(value / Int64(divisor))
        hasher.combine(Int64(timescale) / Int64(divisor))
    }

    // MARK: Arithmetic

    /// `CMTimeAdd`.
    public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { sum(lhs, rhs, negatingRight: false) }

    /// `CMTimeSubtract`.
    public static func - (lhs: CMTime, rhs: CMTime) -> CMTime { sum(lhs, rhs, negatingRight: true) }

    private static func sum(_ a: CMTime, _ b: CMTime, negatingRight: Bool) -> CMTime {
        guard a.isValid, b.isValid else { return .invalid }
        let bPositive = negatingRight ? b.isNegativeInfinity : b.isPositiveInfinity
        let bNegative = negatingRight ? b.isPositiveInfinity : b.isNegativeInfinity
        if a.isPositiveInfinity || a.isNegativeInfinity || bPositive || bNegative {
            let positive = a.isPositiveInfinity || bPositive
            let negative = a.isNegativeInfinity || bNegative
            return positive && negative ? .invalid : positive ? .positiveInfinity : .negativeInfinity
        }
        if a.isIndefinite || b.isIndefinite { return .indefinite }
        // A time made with the valid flag but without a positive timescale is no number of seconds.
        guard a.timescale > 0, b.timescale > 0 else { return .invalid }
        // Times in different epochs cannot be added; a time in epoch 0 is a duration.
        let epoch: CMTimeEpoch
        switch (a.epoch, b.epoch) {
        case (0, let other), (let other, 0): epoch = other
        case (let x, let y) where x == y: epoch = 0
        default: return .invalid
        }
        var rounded = a.flags.contains(.hasBeenRounded) || b.flags.contains(.hasBeenRounded)
        // The least common multiple of the timescales, at most kCMTimeMaxTimescale.
        let lcm = Int64(a.timescale) / Int64(gcd(UInt64(a.timescale), UInt64(b.timescale))) * Int64(b.timescale)
        let scale = CMTimeScale(min(lcm, Int64(kCMTimeMaxTimescale)))
        guard let (left, leftExact) = rescale(a.value, from: a.timescale, to: scale, .default),
            let (right, rightExact) = rescale(b.value, from: b.timescale, to: scale, .default)
        else {
            return overflowed(a.seconds + (negatingRight ? -b.seconds : b.seconds))
        }
        rounded = rounded || !leftExact || !rightExact
        let (total, overflow) =
            negatingRight
            ? left.subtractingReportingOverflow(right)
            : left.addingReportingOverflow(right)
        if overflow { return overflowed(a.seconds + (negatingRight ? -b.seconds : b.seconds)) }
        return CMTime(
            value: total, timescale: scale, flags: rounded ? [.valid, .hasBeenRounded] : .valid, epoch: epoch)
    }

    /// A result too large for its timescale: in seconds, in the largest timescale that holds it.
    private static func overflowed(_ seconds: Double) -> CMTime {
        var time = CMTime(seconds: seconds, preferredTimescale: 1)
        if time.isNumeric { time.flags.insert(.hasBeenRounded) }
        return time
    }

    // MARK: Helpers

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return max(x, 1)
    }

    /// `value / from` expressed over `to`, rounded by `method`: the new value and whether it is exact; nil when it
    /// does not fit.
    static func rescale(_ value: Int64, from: Int32, to: Int32, _ method: CMTimeRoundingMethod)
        -> (Int64, exact: Bool)?
    {
        if from == to { return (value, true) }
        return divide(
            value.multipliedFullWidth(by: Int64(to)), by: Int64(from), method,
            towardLargerScale: to > from)
    }

    /// A 128-bit `dividend` divided by a positive `divisor`, rounded by `method`; nil when the quotient does not fit.
    static func divide(
        _ dividend: (high: Int64, low: UInt64), by divisor: Int64, _ method: CMTimeRoundingMethod,
        towardLargerScale: Bool
    ) -> (Int64, exact: Bool)? {
        // The quotient fits in an Int64 only if the dividend's high half is small enough against the divisor.
        let negative = dividend.high < 0
        let magnitude: (high: UInt64, low: UInt64) =
            negative
            ? {
                let low = ~dividend.low &+ 1
                return (~UInt64(bitPattern: dividend.high) &+ (low == 0 ? 1 : 0), low)
            }()
            : (UInt64(bitPattern: dividend.high), dividend.low)
        guard magnitude.high < UInt64(divisor) else { return nil }
        let (quotient, remainder) = UInt64(divisor).dividingFullWidth(magnitude)
        guard quotient <= UInt64(Int64.max) else { return nil }
        var q = Int64(quotient)
        let r = Int64(remainder)
        if r != 0 {
            let up: Bool  // away from zero
            switch method {
            case .roundHalfAwayFromZero: up = r.magnitude * 2 >= divisor.magnitude
            case .roundTowardZero: up = false
            case .roundAwayFromZero: up = true
            case .quickTime: up = towardLargerScale
            case .roundTowardPositiveInfinity: up = !negative
            case .roundTowardNegativeInfinity: up = negative
            }
            if up { q += 1 }
            if method == .quickTime, negative, q == 0 { q = 1 }
        }
        return (negative ? -q : q, r == 0)
    }

    public var description: String {
        if isNumeric {
            return "CMTime(\(value)/\(timescale) = \(seconds)s\(hasBeenRounded ? ", rounded" : ""))"
        }
        if isPositiveInfinity { return "CMTime(+infinity)" }
        if isNegativeInfinity { return "CMTime(-infinity)" }
        return isIndefinite ? "CMTime(indefinite)" : "CMTime(invalid)"
    }

    /// The engine's seconds as a time (timescale 1000); nil is indefinite.
    static func seconds(_ seconds: Double?) -> CMTime {
        guard let seconds else { return .indefinite }
        return CMTime(seconds: seconds, preferredTimescale: 1000)
    }
}

// MARK: - The C functions and constants

public let kCMTimeZero = CMTime.zero
public let kCMTimeInvalid = CMTime.invalid
public let kCMTimeIndefinite = CMTime.indefinite
public let kCMTimePositiveInfinity = CMTime.positiveInfinity
public let kCMTimeNegativeInfinity = CMTime.negativeInfinity

public func CMTimeMake(value: CMTimeValue, timescale: CMTimeScale) -> CMTime {
    CMTime(value: value, timescale: timescale)
}

public func CMTimeMakeWithEpoch(value: CMTimeValue, timescale: CMTimeScale, epoch: CMTimeEpoch) -> CMTime {
    var time = CMTime(value: value, timescale: timescale)
    time.epoch = epoch
    return time
}

public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: CMTimeScale) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }

public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }

/// `CMTimeCompare`: -1, 0 or 1, ordering `-infinity < numbers < indefinite < +infinity < invalid`.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { CMTime.compare(time1, time2) }

/// The lesser of two times, as `CMTimeCompare` orders them.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime { time2 < time1 ? time2 : time1 }

/// The greater of two times, as `CMTimeCompare` orders them.
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime { time2 > time1 ? time2 : time1 }

/// The absolute value: −∞ becomes +∞; invalid and indefinite times are returned as they are.
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
    if time.isNegativeInfinity { return .positiveInfinity }
    guard time.isNumeric, time.value < 0 else { return time }
    var result = time
    result.value = time.value == .min ? .max : -time.value
    return result
}

/// `CMTimeMultiply`: the same timescale; an infinity keeps or flips its sign with the multiplier's.
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
    guard time.isNumeric else { return flipInfinity(time, negative: multiplier < 0) }
    let (product, overflow) = time.value.multipliedReportingOverflow(by: Int64(multiplier))
    if overflow { return roundedInSeconds(time.seconds * Double(multiplier), like: time) }
    var result = time
    result.value = product
    return result
}

/// `CMTimeMultiplyByFloat64`: the timescale doubled until it is at least 65536, the value rounded half away from
/// zero (and then marked `hasBeenRounded`).
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
    guard !multiplier.isNaN else { return .invalid }
    guard time.isNumeric else { return flipInfinity(time, negative: multiplier < 0) }
    guard time.timescale > 0 else { return .invalid }
    var scale = Int64(time.timescale)
    while scale < 65536 { scale *= 2 }
    let exact = Double(time.value) * Double(scale / Int64(time.timescale)) * multiplier
    guard exact.isFinite, abs(exact) < 9.2e18, scale <= Int64(kCMTimeMaxTimescale) else {
        return roundedInSeconds(time.seconds * multiplier, like: time)
    }
    let rounded = exact.rounded(.toNearestOrAwayFromZero)
    var flags = time.flags
    if rounded != exact { flags.insert(.hasBeenRounded) }
    return CMTime(value: Int64(rounded), timescale: CMTimeScale(scale), flags: flags, epoch: time.epoch)
}

/// `CMTimeMultiplyByRatio`: `time * multiplier / divisor`, exact when it can be. A zero divisor gives an infinity
/// (signed by the other arguments), or invalid when the time or the multiplier is zero too; a time that is not a
/// number is returned as it is.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
    guard time.isNumeric else { return time }  // "similarly infinite", indefinite or invalid
    guard time.timescale > 0 else { return .invalid }
    if divisor == 0 {
        if time.value == 0 || multiplier == 0 { return .invalid }
        return (time.value < 0) != (multiplier < 0) ? .negativeInfinity : .positiveInfinity
    }
    // value * multiplier / divisor in the same timescale when that is exact.
    let numerator = time.value.multipliedFullWidth(by: Int64(multiplier) * (divisor < 0 ? -1 : 1))
    let positiveDivisor = Int64(divisor.magnitude)
    if let (value, exact) = CMTime.divide(numerator, by: positiveDivisor, .default, towardLargerScale: false) {
        if exact {
            var result = time
            result.value = value
            return result
        }
        // Otherwise the exact fraction over timescale * divisor, reduced, when that timescale fits.
        let scale = Int64(time.timescale) * positiveDivisor
        let (product, overflow) = time.value.multipliedReportingOverflow(by: Int64(multiplier) * (divisor < 0 ? -1 : 1))
        if !overflow {
            let common = Int64(CMTime.gcd(product.magnitude, UInt64(scale)))
            if scale / common <= Int64(kCMTimeMaxTimescale) {
                return CMTime(
                    value: product / common, timescale: CMTimeScale(scale / common), flags: time.flags,
                    epoch: time.epoch)
            }
        }
        var result = time
        result.value = value
        result.flags.insert(.hasBeenRounded)
        return result
    }
    return roundedInSeconds(time.seconds * Double(multiplier) / Double(divisor), like: time)
}

/// `CMTimeConvertScale`.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}

/// A time that is not a number after multiplying: invalid and indefinite stay so, an infinity flips on a negative
/// factor.
private func flipInfinity(_ time: CMTime, negative: Bool) -> CMTime {
    guard negative else { return time }
    if time.isPositiveInfinity { return .negativeInfinity }
    if time.isNegativeInfinity { return .positiveInfinity }
    return time
}

/// An overflowed product, in seconds, in the timescale that holds it.
private func roundedInSeconds(_ seconds: Double, like time: CMTime) -> CMTime {
    var result = CMTime(seconds: seconds, preferredTimescale: time.timescale)
    if result.isNumeric {
        result.flags.insert(.hasBeenRounded)
        result.epoch = time.epoch
    }
    return result
}

public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }
public func CMTIME_IS_POSITIVEINFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }
public func CMTIME_IS_NEGATIVEINFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }
