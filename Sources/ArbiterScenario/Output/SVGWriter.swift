/// Writes SVG elements with escaped text and attributes in a fixed order. Every text element gets an id
/// (`t1`, `t2`, ... in order), so a test can render each one alone.
struct SVGWriter {
    private(set) var text = ""
    private var depth = 0
    private var texts = 0

    init(depth: Int = 0) {
        self.depth = depth
    }

    /// Where the next element will go (for `insert`).
    var mark: Int { text.utf8.count }

    /// Puts elements written by another writer (without texts) at `mark`, where an element of this one began.
    mutating func insert(_ other: SVGWriter, at mark: Int) {
        text.insert(contentsOf: other.text, at: text.utf8.index(text.startIndex, offsetBy: mark))
    }

    mutating func open(_ name: String, _ attributes: [String: String]) {
        text += indent + "<\(name)\(attributeText(attributes))>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += indent + "</\(name)>\n"
    }

    mutating func element(_ name: String, _ attributes: [String: String], text content: String? = nil) {
        if let content {
            text += indent + "<\(name)\(attributeText(attributes))>\(SVGWriter.escape(content))</\(name)>\n"
        } else {
            text += indent + "<\(name)\(attributeText(attributes))/>\n"
        }
    }

    /// A text at (`x`, `y`): its baseline, and its start, middle or end as `text-anchor` says.
    mutating func text(_ content: String, x: Double, y: Double, _ attributes: [String: String]) {
        texts += 1
        var all = attributes
        all["id"] = "t\(texts)"
        all["x"] = SVGWriter.n(x)
        all["y"] = SVGWriter.n(y)
        element("text", all, text: content)
    }

    /// Opens a group with a hover title; `end()` closes it.
    mutating func begin(title: String, _ attributes: [String: String] = [:]) {
        open("g", attributes)
        element("title", [:], text: title)
    }

    mutating func end() { close("g") }

    private var indent: String { String(repeating: "  ", count: depth) }

    private func attributeText(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { " \($0)=\"\(SVGWriter.escape(attributes[$0] ?? ""))\"" }.joined()
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A coordinate with at most one decimal.
    static func n(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
