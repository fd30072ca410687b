/// A JSON object written with its keys in a fixed order, so output is byte-for-byte reproducible.
public struct JSONObject: Sendable {
    private var fields: [(String, String)] = []

    public init() {}

    public mutating func add(_ key: String, _ value: String?) {
        fields.append((key, value.map(JSONObject.quote) ?? "null"))
    }

    public mutating func add(_ key: String, _ value: Int) { fields.append((key, String(value))) }
    public mutating func add(_ key: String, _ value: Bool) { fields.append((key, value ? "true" : "false")) }
    public mutating func add(_ key: String, objects: [JSONObject]) {
        fields.append((key, "[" + objects.map(\.text).joined(separator: ",") + "]"))
    }

    /// A number to six significant digits, in the shortest form that reads back as it (`0.2`, `0.017783`, `1.0`):
    /// a gain computed in steps reads as the value the rules give, not as its rounding noise.
    public mutating func add(_ key: String, _ value: Double) {
        let rounded = Double(String(format: "%.6g", value)) ?? value
        fields.append((key, rounded.isFinite ? "\(rounded)" : "null"))
    }
    public mutating func add(_ key: String, object: JSONObject) { fields.append((key, object.text)) }
    public mutating func add(_ key: String, strings: [String]) {
        fields.append((key, "[" + strings.map(JSONObject.quote).joined(separator: ",") + "]"))
    }

    public var text: String {
        "{" + fields.map { JSONObject.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON string: control characters escaped.
    static func quote(_ string: String) -> String { doubleQuoted(string) { $0.value < 0x20 } }
}
