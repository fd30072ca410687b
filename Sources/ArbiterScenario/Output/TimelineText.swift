/// Text on a timeline picture: how wide it is drawn, and where labels and marks go so that none overlaps
/// another.
enum TimelineText {
    /// Advance widths of DejaVu Sans (the picture's first font) in ems, for the characters from space to `~`,
    /// measured with rsvg-convert and rounded up. Other characters count as one em.
    static let ascii: [Double] = [
        0.32, 0.41, 0.46, 0.84, 0.64, 0.96, 0.78, 0.28, 0.39, 0.39, 0.50, 0.84, 0.32, 0.37, 0.32, 0.34,
        0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.34, 0.34, 0.84, 0.84, 0.84, 0.54,
        1.00, 0.72, 0.69, 0.70, 0.77, 0.64, 0.58, 0.78, 0.76, 0.30, 0.30, 0.66, 0.56, 0.87, 0.75, 0.79,
        0.61, 0.79, 0.70, 0.64, 0.60, 0.74, 0.69, 0.99, 0.69, 0.62, 0.69, 0.39, 0.34, 0.39, 0.84, 0.50,
        0.50, 0.62, 0.64, 0.55, 0.64, 0.62, 0.36, 0.64, 0.64, 0.28, 0.28, 0.58, 0.28, 0.98, 0.64, 0.62,
        0.64, 0.64, 0.40, 0.53, 0.40, 0.64, 0.60, 0.82, 0.60, 0.60, 0.53, 0.64, 0.34, 0.64, 0.84,
    ]

    /// The width of `text` drawn at `size` pixels (runs of spaces collapse to one, as SVG draws them), bold
    /// taking 15% more.
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        var previousSpace = false
        for scalar in text.unicodeScalars {
            let space = scalar == " "
            defer { previousSpace = space }
            if space && previousSpace { continue }
            let code = Int(scalar.value)
            ems += (32...126).contains(code) ? ascii[code - 32] : 1
        }
        return ems * size * (bold ? 1.15 : 1)
    }

    /// `text` on two lines of at most `width`, broken at the last space that lets the first fit; the second cut
    /// short (with `…`) when it does not fit either.
    static func twoLines(_ text: String, width: Double, size: Double, bold: Bool = false) -> (String, String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var first = ""
        var taken = 0
        for (index, word) in words.enumerated() {
            let candidate = index == 0 ? word : first + " " + word
            guard Self.width(candidate, size: size, bold: bold) <= width else { break }
            first = candidate
            taken = index + 1
        }
        if taken == 0 { return (fitted(text, width: width, size: size, bold: bold) ?? "", "") }
        let rest = words[taken...].joined(separator: " ")
        return (first, fitted(rest, width: width, size: size, bold: bold) ?? "")
    }

    /// `text`, or its start with an ellipsis, in `width` pixels at `size`; nil when not even two characters fit.
    static func fitted(_ text: String, width: Double, size: Double, bold: Bool = false) -> String? {
        if self.width(text, size: size, bold: bold) <= width { return text }
        var prefix = ""
        for character in text {
            let longer = prefix + String(character)
            if self.width(longer + "…", size: size, bold: bold) > width { break }
            prefix = longer
        }
        let trimmed = prefix.trimmingSpaces()
        return trimmed.count >= 2 ? trimmed + "…" : nil
    }

    /// Labels of things at places on an axis, on rows: each label starts just right of its place, or ends just
    /// left of it near the right edge, on the first row where it is free; when no row is, it goes on the row
    /// whose label in the way began earliest, and that label is cut short before it (the full texts stay in the
    /// hover titles).
    struct Rows {
        struct Placed {
            /// Where the text starts.
            var x: Double
            var row: Int
            /// The text drawn; nil when not even two characters fit.
            var text: String?
            /// Where the text ends.
            var end: Double

            init(x: Double, row: Int, text: String?, size: Double) {
                self.x = x
                self.row = row
                self.text = text
                end = x + (text.map { width($0, size: size) } ?? 0)
            }
        }

        /// Places labels (the place each belongs to, its full text), sorted by place, on at most `rows` rows,
        /// between `start` and `limit`.
        static func place(
            _ labels: [(at: Double, text: String)], rows: Int, size: Double, gap: Double = 6,
            start: Double, limit: Double
        ) -> [Placed] {
            var placed: [Placed] = []
            /// The labels on each row, as indices into `placed`.
            var onRow = Array(repeating: [Int](), count: max(1, rows))
            func free(_ row: Int, _ from: Double, _ to: Double) -> Bool {
                onRow[row].allSatisfy {
                    placed[$0].text == nil || placed[$0].end + gap <= from || placed[$0].x >= to + gap
                }
            }
            for label in labels {
                let wide = width(label.text, size: size)
                let right = label.at + 2
                let left = label.at - 2 - wide
                var choice: (row: Int, x: Double)?
                for row in onRow.indices {
                    if right + wide <= limit, free(row, right, right + wide) {
                        choice = (row, right)
                        break
                    }
                    if right + wide > limit, left >= start, free(row, left, left + wide) {
                        choice = (row, left)
                        break
                    }
                }
                if let choice {
                    placed.append(Placed(x: choice.x, row: choice.row, text: label.text, size: size))
                    onRow[choice.row].append(placed.count - 1)
                    continue
                }
                // No row is free: cut the label in the way on the row where it began earliest.
                let row = onRow.indices.min { a, b in
                    (onRow[a].last.map { placed[$0].x } ?? -.infinity)
                        < (onRow[b].last.map { placed[$0].x } ?? -.infinity)
                }!
                // A label already starting here (steps at one instant, more than the rows): this one is left out,
                // as the instant's box lists every step.
                if onRow[row].contains(where: { placed[$0].text != nil && placed[$0].x >= right - gap }) {
                    placed.append(Placed(x: right, row: row, text: nil, size: size))
                    onRow[row].append(placed.count - 1)
                    continue
                }
                for index in onRow[row] where placed[index].x < right && placed[index].end + gap > right {
                    let cut = placed[index].text.flatMap {
                        fitted($0, width: right - gap - placed[index].x, size: size)
                    }
                    placed[index] = Placed(x: placed[index].x, row: row, text: cut, size: size)
                }
                let room = (onRow[row].map { placed[$0].x }.filter { $0 > right }.min() ?? limit + gap) - gap
                placed.append(
                    Placed(
                        x: right, row: row,
                        text: fitted(
                            label.text, width: min(limit, room) - right,
                            size: size), size: size))
                onRow[row].append(placed.count - 1)
            }
            return placed
        }
    }

    /// Marks (glyphs) on one row: the marks at one time side by side, centred on it, moved right only as far as
    /// the marks before them (or `start`) need.
    static func placeMarks(_ marks: [(x: Double, width: Double)], gap: Double = 2, start: Double) -> [Double] {
        var centres = Array(repeating: 0.0, count: marks.count)
        var end = start - gap
        var index = 0
        let order = marks.indices.sorted { marks[$0].x < marks[$1].x || (marks[$0].x == marks[$1].x && $0 < $1) }
        while index < order.count {
            var group = [order[index]]
            while index + group.count < order.count, marks[order[index + group.count]].x == marks[order[index]].x {
                group.append(order[index + group.count])
            }
            let total = group.map { marks[$0].width }.reduce(0, +) + gap * Double(group.count - 1)
            var left = max(marks[group[0]].x - total / 2, end + gap)
            for member in group {
                centres[member] = left + marks[member].width / 2
                left += marks[member].width + gap
            }
            end = left - gap
            index += group.count
        }
        return centres
    }
}
