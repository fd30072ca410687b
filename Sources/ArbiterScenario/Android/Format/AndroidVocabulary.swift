import ArbiterAndroid
import ArbiterEngine
import Yams

/// The names Android scenario files use, as tables from name to value, and how Android's own spellings of them
/// (`USAGE_ASSISTANCE_NAVIGATION_GUIDANCE`, `assistance_navigation_guidance`) are read.
enum AndroidVocabulary {
    static func table<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [(String, T)] where T.RawValue == String {
        T.allCases.map { ($0.rawValue, $0) }
    }

    static let usages = table(Usage.self)
    static let contentTypes = table(ContentType.self)
    static let gains = table(FocusGain.self)
    static let changes = table(FocusChange.self)
    static let results = table(FocusRequestResult.self)
    static let statuses = table(FocusStatus.self)
    static let reactions = table(FocusReaction.self)
    static let ringerModes = table(RingerMode.self)
    static let playerStates = table(AndroidPlayerState.self) + [("playing", .started)]
    /// Android's kinds, then iOS's for a cross-platform file's shared `players:` (docs/android.md, Both halves).
    static let playerKinds: [(String, AndroidPlayerKind)] =
        table(AndroidPlayerKind.self) + [
            ("audioPlayer", .mediaPlayer), ("avPlayer", .mediaPlayer), ("queuePlayer", .mediaPlayer),
            ("playerViewController", .mediaPlayer), ("systemMusicPlayer", .mediaPlayer),
            ("applicationMusicPlayer", .mediaPlayer), ("audioEngine", .audioTrack),
        ]
    /// The listener's triggers: `focusLoss`, ... (`AUDIOFOCUS_LOSS` and the bare change are read too).
    static let triggers: [(String, FocusChange)] = FocusChange.allCases.map { (trigger($0), $0) }
    static let phases: [(String, Bool)] = [("begin", true), ("end", false)]

    static func trigger(_ change: FocusChange) -> String {
        "focus" + change.rawValue.prefix(1).uppercased() + change.rawValue.dropFirst()
    }

    /// The Android constants' prefixes each vocabulary's words may carry.
    static let usagePrefixes = ["USAGE_"]
    static let contentTypePrefixes = ["CONTENT_TYPE_"]
    static let focusPrefixes = ["AUDIOFOCUS_"]
    static let resultPrefixes = ["AUDIOFOCUS_REQUEST_"]
    static let ringerPrefixes = ["RINGER_MODE_"]

    /// The key a word is compared by: without an Android prefix, underscores and case.
    static func key(_ text: String, prefixes: [String]) -> String {
        var word = Substring(text)
        for prefix in prefixes where word.uppercased().hasPrefix(prefix) {
            word = word.dropFirst(prefix.count)
            break
        }
        return String(word.filter { $0 != "_" }).lowercased()
    }

    /// `ASSISTANCE_NAVIGATION_GUIDANCE` and `assistance_navigation_guidance` as `assistanceNavigationGuidance`,
    /// for near-miss suggestions.
    static func camelCase(_ text: String, prefixes: [String]) -> String {
        var word = Substring(text)
        for prefix in prefixes where word.uppercased().hasPrefix(prefix) {
            word = word.dropFirst(prefix.count)
            break
        }
        guard word.contains("_") || (word == word.uppercased() && word.count > 1) else { return String(word) }
        let parts = word.split(separator: "_").map { $0.lowercased() }
        guard let first = parts.first else { return String(word) }
        return first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The value `text` names in `table`, in any of its spellings.
    static func lookup<T>(_ text: String, in table: [(String, T)], prefixes: [String]) -> T? {
        let wanted = key(text, prefixes: prefixes)
        return table.first { key($0.0, prefixes: []) == wanted }?.1
    }

    /// Android releases as `android:` names them, with their API levels.
    static let releases: [(String, Int)] = [
        ("8", 26), ("8.0", 26), ("8.1", 27), ("9", 28), ("10", 29), ("11", 30), ("12", 31), ("12L", 32), ("12.1", 32),
        ("13", 33), ("14", 34), ("15", 35), ("16", 36),
    ]
    /// The API levels modelled.
    static let sdks = 26...36
    static let releaseNames = "8, 8.1, 9, 10, 11, 12, 12L, 13, 14, 15 or 16, or { sdk: 26 } to { sdk: 36 }"

    /// Words an app cannot be named: step keys, check keys and the system's focus owners.
    static let reservedNames = [
        "device", "system", "expect", "at", "after", "returns", "platform", "focus", "stack",
        "holders", "notificationSoundPlays", "events", "losers", "delayed", "duckedContexts", "call", "assistant",
        "siri", "alarm", "ios", "android", "androidAutomotive", "sdk",
    ]
}

extension YAMLReader {
    /// A name from a fixed Android vocabulary, in any of its spellings (camelCase, Android's constant with or
    /// without its prefix, snake_case; any case), with a suggestion for near misses.
    mutating func androidChoice<T>(
        _ node: Node, _ table: [(String, T)], what: String, prefixes: [String] = [],
        names: [String]? = nil
    ) -> T? {
        let listed = "one of: " + (names ?? table.map(\.0)).joined(separator: ", ")
        guard let text = text(node), !isNull(node) else {
            fail(node, "\(what) is \(describe(node))", expected: listed)
            return nil
        }
        if let value = AndroidVocabulary.lookup(text, in: table, prefixes: prefixes) { return value }
        fail(
            node, "unknown \(what) '\(text)'", expected: listed,
            suggestion: Suggestions.nearest(
                to: AndroidVocabulary.camelCase(text, prefixes: prefixes),
                in: names ?? table.map(\.0)))
        return nil
    }
}
