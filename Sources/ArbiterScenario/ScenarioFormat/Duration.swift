import ArbiterEngine

/// Durations as scenario files write them: `250ms`, `1.5s`, `2m`, `1m30s`, or a bare number of seconds.
enum DurationText {
    static let expected = "a duration such as 250ms, 1.5s, 2m, 1m30s or a number of seconds"

    static func parse(_ text: String) -> Time? {
        let text = text.trimmingSpaces()
        if text.isEmpty { return nil }
        if let seconds = Double(text) {
            return seconds.isFinite && seconds >= 0 && seconds < 1e9 ? .seconds(seconds) : nil
        }
        var total = 0.0
        var number = ""
        var index = text.startIndex
        var sawUnit = false
        while index < text.endIndex {
            let character = text[index]
            if character.isNumber || character == "." {
                number.append(character)
                index = text.index(after: index)
                continue
            }
            guard let value = Double(number), value.isFinite else { return nil }
            let rest = text[index...]
            let scale: Double
            if rest.hasPrefix("ms") {
                scale = 0.001
                index = text.index(index, offsetBy: 2)
            } else if rest.hasPrefix("s") {
                scale = 1
                index = text.index(after: index)
            } else if rest.hasPrefix("m") {
                scale = 60
                index = text.index(after: index)
            } else if rest.hasPrefix("h") {
                scale = 3600
                index = text.index(after: index)
            } else {
                return nil
            }
            total += value * scale
            number = ""
            sawUnit = true
        }
        guard number.isEmpty, sawUnit, total < 1e9 else { return nil }
        return .seconds(total)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
