import ArbiterEngine

/// The names scenario files use, as tables from name to value.
enum Vocabulary {
    static func table<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [(String, T)] where T.RawValue == String {
        T.allCases.map { ($0.rawValue, $0) }
    }

    static let categories = table(Category.self)
    static let modes = table(Mode.self)
    static let options: [(String, CategoryOption)] = table(CategoryOption.self) + CategoryOption.formerNames
    static let backgroundModes = table(BackgroundMode.self)
    static let playerKinds = table(PlayerKind.self)
    static let playerStates = table(PlayerState.self)
    static let commands = table(RemoteCommand.self)
    static let repeatTypes = table(RepeatType.self)
    static let shuffleTypes = table(ShuffleType.self)
    static let seekPhases = table(SeekPhase.self)
    static let feedbackSigns: [(String, Bool)] = [("positive", false), ("negative", true)]
    /// The commands that carry a value, with an example of each, for messages.
    static let commandsWithValues =
        "changePlaybackPosition (30), skipForward or skipBackward (15), "
        + "changePlaybackRate (1.5), changeRepeatMode (off, one, all), changeShuffleMode (off, items, collections), "
        + "seekForward or seekBackward (begin, end), rating (4), like, dislike or bookmark (positive, negative)"
    static let reactions = table(Reaction.self)
    static let accessories = table(AccessoryKind.self)
    static let ringer = table(RingerSwitch.self)
    static let lifecycles = table(AppLifecycle.self)
    static let errorCodes = table(ErrorCode.self)
    static let ports: [(String, PortType)] = table(PortType.self) + PortType.otherNames
    static let inputPorts: [(String, PortType)] = ports.filter { PortType.inputs.contains($0.1) }
    static let interruptionReasons = InterruptionReason.allCases.map { ($0.description, $0) }
    static let routeChangeReasons = RouteChangeReason.allCases.map { ($0.description, $0) }
    static let hintTypes: [(String, SecondaryAudioHint)] = [("begin", .begin), ("end", .end)]
    static let triggers: [String] = ReactionTrigger.allCases.map(\.description)

    static let appVerbs = AppVerb.words
    static let deviceVerbs = DeviceVerb.words
    static let micStates: [(String, Bool)] = [("muted", true), ("unmuted", false)]
    static let callStyles = table(CallStyle.self)
    static let systemVerbs = SystemVerb.words
    static let outputOverrides: [(String, Bool)] = [("speaker", true), ("none", false)]
    static let networkStates: [(String, Bool)] = [("down", true), ("up", false)]
    /// Siri's and an alarm's: begins (true) or ends.
    static let phases: [(String, Bool)] = [("begin", true), ("end", false)]
    static let profileKeys = Profile().tunables.map(\.name)
    static let appCheckKeys = [
        "active", "interrupted", "playing", "recording", "audible", "gain", "ducked", "mixable",
        "category", "mode", "options", "state", "nowPlaying", "otherAudioPlaying",
        "secondaryAudioShouldBeSilenced", "players", "events",
    ]
    static let notificationNames = NotificationName.allCases.map { ($0.rawValue, $0) }

    /// The word `table` has for `value`; every table a writer asks covers its values.
    static func word<T: Equatable>(for value: T, in table: [(String, T)]) -> String {
        table.first { $0.1 == value }!.0
    }
}
