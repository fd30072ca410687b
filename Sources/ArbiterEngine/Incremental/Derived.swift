/// What the engine derives after every event: the route, Now Playing, ducking ramps, audibility changes and
/// hint notifications.
///
/// Derived values are kept between events and re-derived only for the apps that changed, or for every app when
/// something they all depend on changed (the Ring/Silent switch, the lock, whether a session records or ducks).
/// So an event costs what it touches, not what the device holds. `Derived(engine)` derives everything from
/// scratch; debug builds check after every event that the two agree.
struct Derived: Hashable, Sendable {
    var facts: [AppFacts] = []
    /// How many apps record with an active session (which silences everybody else's output).
    var recording = 0
    /// How many apps duck the others with an active session.
    var ducking = 0
    /// How many apps record with an active session that allows Bluetooth HFP (`route.shared-headset-hfp`).
    var hfpRecorders = 0
    /// How many apps play with an active non-mixable session (the secondary-audio hint).
    var playingNonMixable = 0
    var ringer = RingerSwitch.ring
    var isLocked = false
    /// `Engine.accessoryChanges` when derived: the accessories changed since when it differs.
    var accessoryChanges = 0
    /// The apps with an active session, in index order.
    var activeApps: [Int] = []
    /// The apps whose session is interrupted, in index order.
    var interruptedApps: [Int] = []
    /// The Now Playing candidates (apps with a `nowPlayingSerial`), in index order.
    var nowPlayingCandidates: [Int] = []
    var owner: Int?
    var route = Route()
    /// What of the owner's session `route` was derived from.
    var routeKey = RouteKey(AudioSession())
    var nowPlaying: Int?
    /// The apps with a player whose item can end as time passes, in index order.
    var timedPlayback: [Int] = []
    /// The apps idling in the background with an active session, each with when it started, in that order
    /// (`background.idle-suspends`): time only moves forward, so an app that starts idling joins at the end.
    var idling: [IdleApp] = []
    /// The foreground app with an active session and the hint it was last given.
    var hint: (app: Int, value: Bool)?
    /// Routes derived before, by accessories and session configuration (not compared: a cache of `route`).
    var routes = RouteMemo()

    static func == (lhs: Derived, rhs: Derived) -> Bool {
        lhs.facts == rhs.facts && lhs.recording == rhs.recording && lhs.ducking == rhs.ducking
            && lhs.hfpRecorders == rhs.hfpRecorders
            && lhs.playingNonMixable == rhs.playingNonMixable && lhs.ringer == rhs.ringer
            && lhs.isLocked == rhs.isLocked && lhs.accessoryChanges == rhs.accessoryChanges
            && lhs.activeApps == rhs.activeApps && lhs.interruptedApps == rhs.interruptedApps
            && lhs.nowPlayingCandidates == rhs.nowPlayingCandidates
            && lhs.owner == rhs.owner
            && lhs.route == rhs.route && lhs.routeKey == rhs.routeKey && lhs.nowPlaying == rhs.nowPlaying
            && lhs.timedPlayback == rhs.timedPlayback
            // Which apps idle, not since when: a derivation from scratch cannot know it.
            && lhs.idling.map(\.app).sorted() == rhs.idling.map(\.app).sorted()
            && lhs.hint?.app == rhs.hint?.app && lhs.hint?.value == rhs.hint?.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(facts)
        hasher.combine(route)
        hasher.combine(nowPlaying)
    }

    /// Everything derived from scratch.
    init(_ engine: Engine) {
        facts = engine.apps.indices.map(engine.facts)
        recording = facts.count(where: \.recordsActively)
        ducking = facts.count(where: \.ducks)
        playingNonMixable = facts.count(where: \.playsNonMixable)
        hfpRecorders = facts.count(where: \.recordsOverHFP)
        ringer = engine.device.ringer
        isLocked = engine.device.isLocked
        accessoryChanges = engine.accessoryChanges
        activeApps = facts.indices.filter { facts[$0].active }
        interruptedApps = facts.indices.filter { facts[$0].interrupted }
        nowPlayingCandidates = facts.indices.filter { facts[$0].nowPlayingSerial != nil }
        owner = Derived.owner(facts, among: activeApps)
        let session = owner.map { engine.apps[$0].session } ?? AudioSession()
        route = engine.route(for: session, sharedHFP: hfpRecorders > 0)
        routeKey = RouteKey(session, sharedHFP: hfpRecorders > 0)
        // Audibility last: where the Silent switch spares headphones it depends on the route.
        for i in facts.indices {
            facts[i].audible = engine.audibility(i, othersRecord: othersRecord(i), route: route).isAudible
        }
        nowPlaying = Derived.nowPlaying(facts, among: nowPlayingCandidates)
        timedPlayback = facts.indices.filter { facts[$0].timedPlayback }
        idling = facts.indices.filter { facts[$0].idlesInBackground }.map { IdleApp(app: $0, since: engine.now) }
        hint = Derived.foregroundHint(engine.foregroundIndex, facts: facts, playingNonMixable: playingNonMixable)
    }

    init() {}

    /// Whether an app other than `i` records with an active session.
    func othersRecord(_ i: Int) -> Bool { recording > (facts[i].recordsActively ? 1 : 0) }

    /// The route owner: the most recent active non-mixable session, else the most recent active one.
    static func owner(_ facts: [AppFacts], among active: [Int]) -> Int? {
        var best: Int?
        for k in active.indices where outranks(facts[active[k]], best.map { facts[$0] }) { best = active[k] }
        return best
    }

    /// Whether an active session would own the route rather than `other`: non-mixable before mixable, then the
    /// most recently activated (activation serials are unique).
    static func outranks(_ facts: AppFacts, _ other: AppFacts?) -> Bool {
        guard let other else { return true }
        return facts.mixable == other.mixable ? facts.serial > other.serial : !facts.mixable
    }

    /// The foreground app, when its session is active, and whether the secondary-audio hint is on for it: another
    /// app plays with an active non-mixable session. Reads the facts alone, not the engine (performance conventions:
    /// mutating reads). Inlined: every settle asks it.
    @inline(__always)
    static func foregroundHint(
        _ foreground: Int?, facts: [AppFacts],
        playingNonMixable: Int
    ) -> (app: Int, value: Bool)? {
        guard let i = foreground, facts[i].active else { return nil }
        return (i, playingNonMixable > (facts[i].playsNonMixable ? 1 : 0))
    }

    /// The Now Playing candidate that most recently started playing non-mixable.
    static func nowPlaying(_ facts: [AppFacts], among candidates: [Int]) -> Int? {
        var best: Int?
        for k in candidates.indices {
            let i = candidates[k]
            guard let serial = facts[i].nowPlayingSerial else { continue }
            if best.map({ facts[$0].nowPlayingSerial! < serial }) ?? true { best = i }
        }
        return best
    }
}

extension App {
    /// The facts about the app that depend on it alone (everything but `audible`). (Performance conventions:
    /// read-only accessors.)
    var facts: AppFacts {
        @_effects(readonly) get {
            var facts = AppFacts()
            facts.runsInBackground = lifecycle == .background && keepsRunningInBackground
            facts.active = session.isActive
            facts.interrupted = isInterrupted
            if session.isActive {
                let options = session.effectiveOptions
                facts.mixable = options.contains(.mixWithOthers)
                facts.recordsActively = session.category == .record
                facts.ducks =
                    options.contains(.duckOthers) || (session.voiceProcessing && session.category == .playAndRecord)
                facts.playsNonMixable = !facts.mixable && isPlaying
                facts.serial = session.activationSerial
                facts.recordsOverHFP =
                    isRecording && session.category.traits.hasInput && options.contains(.allowBluetoothHFP)
            }
            facts.nowPlayingSerial = isNowPlayingCandidate ? nonMixablePlaySerial : nil
            facts.timedPlayback = hasTimedPlayback
            facts.idlesInBackground = facts.runsInBackground && facts.active && !hasRunningIO
            return facts
        }
    }
}

/// An app idling in the background with an active session, and since when.
struct IdleApp: Hashable, Sendable {
    var app: Int
    var since: Time
}

/// What of a session decides its route (with the accessories): a route is derived again only when this or the
/// accessories changed.
struct RouteKey: Equatable, Sendable {
    var category: Category
    var mode: Mode
    var options: CategoryOptions
    var overridesToSpeaker: Bool
    var preferredInput: PortType?
    /// Whether another session records over a headset's HFP, which everyone then shares.
    var sharedHFP: Bool

    @inline(__always)  // five fields (performance conventions: in-place reads)
    init(_ session: AudioSession, sharedHFP: Bool = false) {
        self.sharedHFP = sharedHFP
        category = session.category
        mode = session.mode
        options = session.options
        overridesToSpeaker = session.overridesToSpeaker
        preferredInput = session.preferredInput
    }
}

/// What the engine last derived about one app. The yes-or-no facts share two bytes, so comparing two apps' facts
/// (which settle does for every changed app) is three comparisons.
struct AppFacts: Hashable, Sendable {
    private var flags: UInt16 = 0
    var serial = 0
    /// The play serial of a Now Playing candidate; nil when the app is not one.
    var nowPlayingSerial: Int?

    /// The yes-or-no fact kept in `bit` of `flags`.
    private subscript(bit: UInt16) -> Bool {
        get { flags & bit != 0 }
        set { flags = newValue ? flags | bit : flags & ~bit }
    }

    var audible: Bool {
        get { self[1] }
        set { self[1] = newValue }
    }
    /// In the background and allowed to keep running there.
    var runsInBackground: Bool {
        get { self[2] }
        set { self[2] = newValue }
    }
    var recordsActively: Bool {
        get { self[4] }
        set { self[4] = newValue }
    }
    var ducks: Bool {
        get { self[8] }
        set { self[8] = newValue }
    }
    var playsNonMixable: Bool {
        get { self[16] }
        set { self[16] = newValue }
    }
    var active: Bool {
        get { self[32] }
        set { self[32] = newValue }
    }
    var mixable: Bool {
        get { self[64] }
        set { self[64] = newValue }
    }
    /// A player plays an item with a known end, so time passing can end it.
    var timedPlayback: Bool {
        get { self[128] }
        set { self[128] = newValue }
    }
    /// Its session is interrupted (it still hears of the device's route changes).
    var interrupted: Bool {
        get { self[256] }
        set { self[256] = newValue }
    }
    /// It records with an active session that allows Bluetooth HFP: a headset's HFP is then shared by everyone.
    var recordsOverHFP: Bool {
        get { self[512] }
        set { self[512] = newValue }
    }
    /// It runs in the background with an active session and neither plays nor records: time passing suspends it.
    var idlesInBackground: Bool {
        get { self[1024] }
        set { self[1024] = newValue }
    }
}

extension [Int] {
    /// Keeps a sorted array of indices: inserts `i` when `member`, removes it otherwise.
    mutating func update(_ i: Int, _ member: Bool) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < i { low = middle + 1 } else { high = middle }
        }
        let present = low < count && self[low] == i
        // Shifting in place: `insert(_:at:)` and `remove(at:)` go through the general range replacement.
        if member && !present {
            append(i)
            withUnsafeMutableBufferPointer { list in
                var k = list.count - 1
                while k > low {
                    list[k] = list[k - 1]
                    k -= 1
                }
                list[low] = i
            }
        }
        if !member && present {
            withUnsafeMutableBufferPointer { list in
                for k in low..<(list.count - 1) { list[k] = list[k + 1] }
            }
            removeLast()
        }
    }
}
