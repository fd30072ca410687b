#if canImport(Glibc)
    import Glibc
#endif

/// How many streams one stage and one daemon carry, and the open-file limit they need. Measured with
/// PipeWire 0.3.65 on connections of 16 streams: a playing stream holds about 10 descriptors (eventfds, memfds,
/// its share of a connection) in arbiter and 7 in the daemon (16, 100, 200 and 400 playing apps: 168, 1,016,
/// 2,046 and 4,102 in arbiter; 400 apps: 2,893 in the daemon).
public enum StreamLimits {
    /// Playback streams per route bus, well below what one PipeWire input port mixes.
    public static let streamsPerBus = 64
    /// Route buses (link groups 0...15 in the C layer).
    public static let maxBuses = 16
    /// Playback streams one stage carries.
    public static let maxPlaybackStreams = maxBuses * streamsPerBus
    /// Streams of any kind one connection carries (the C layer's MAX_STREAMS): every playback stream with a
    /// recorder.
    public static let maxStreams = 2 * maxPlaybackStreams
    /// Descriptors a stream holds, with some to spare (10.2 measured for a playing stream).
    static let descriptorsPerStream = 11
    /// Descriptors a process needs besides its streams.
    static let baseDescriptors = 256

    /// Raises this process's open-file limit to its hard limit (a private daemon started after inherits it);
    /// returns the limit now in force.
    @discardableResult
    public static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int.max }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// Why `playback` playback streams and `total` streams in all (players and recorders) cannot be set up, with
    /// `made` of them made now (a recorder's stream is made when it first records), or nil if they can.
    static func problem(playback: Int, total: Int, made: Int) -> String? {
        if playback > maxPlaybackStreams { return tooManyPlaybackStreams(playback) }
        if total > maxStreams {
            return "too many streams: \(total) asked for, at most \(maxStreams) (players and recorders)"
        }
        return descriptorProblem(streams: made)
    }

    /// Why `streams` streams would need more descriptors than the open-file limit allows, or nil.
    static func descriptorProblem(streams: Int) -> String? {
        let needed = baseDescriptors + descriptorsPerStream * streams
        let limit = raiseOpenFileLimit()
        guard needed > limit else { return nil }
        return "too many streams for the open-file limit: \(streams) streams need about \(needed) descriptors "
            + "(\(descriptorsPerStream) a stream), and `ulimit -n` allows \(limit); raise it (ulimit -Hn as well)"
    }

    static func tooManyPlaybackStreams(_ count: Int) -> String {
        "too many playback streams: \(count) asked for, at most \(maxPlaybackStreams) "
            + "(\(maxBuses) route buses of \(streamsPerBus))"
    }
}
