/// The time-unit constants Darwin's Dispatch headers define and Linux's do not, with Darwin's values and types:
/// `CMTimeScale(NSEC_PER_SEC)`, `DispatchTime.now() + .nanoseconds(Int(NSEC_PER_MSEC) * 250)`.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000
