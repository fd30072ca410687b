/// Near-miss lint identifiers: a typo (`focus.duking-by-hand`) or the category left out (`ducking-by-hand`).
extension Suggestions {
    /// The lint identifier closest to `word`: as `nearest` finds it, or else the one whose name after its category
    /// (`focus.`, `nowplaying.`) is closest to `word`.
    static func nearestLint(to word: String, in ids: [String]) -> String? {
        if let id = nearest(to: word, in: ids) { return id }
        let names = ids.map { String($0.split(separator: ".", maxSplits: 1).last ?? Substring($0)) }
        guard let name = nearest(to: word, in: names) else { return nil }
        let matches = ids.filter { $0.hasSuffix("." + name) || $0 == name }
        return matches.count == 1 ? matches[0] : nil
    }
}
