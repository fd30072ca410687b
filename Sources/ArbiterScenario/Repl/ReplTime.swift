import ArbiterEngine

/// What the Android and HarmonyOS REPLs read the same way: `after DURATION` and `at TIME`.
enum ReplTime {
    /// The instant `after 2s` or `at 1m` (`words`, the command first) names, counted from `now`; an error line when
    /// the duration is missing or malformed, or when `at` goes back before `now`.
    static func target(_ words: [String], now: Time) -> Result<Time, ReplTimeError> {
        guard words.count >= 2, let time = DurationText.parse(words[1]) else {
            return .failure(ReplTimeError("error: \(words[0]) takes a duration such as 500ms, 2s or 1m30s"))
        }
        let target = words[0] == "after" ? now + time : time
        guard target >= now else {
            return .failure(ReplTimeError("error: at \(time) is before now (\(now)); time never goes backwards"))
        }
        return .success(target)
    }
}

/// A line saying why `after` or `at` was refused.
struct ReplTimeError: Error {
    let line: String
    init(_ line: String) { self.line = line }
}
