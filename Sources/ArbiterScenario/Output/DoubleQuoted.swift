/// `text` in double quotes, as JSON writes a string: `\"`, `\\`, `\n`, `\r` and `\t`, and `\uXXXX` for every other
/// scalar `escaped` names. YAML's double-quoted style reads the same escapes, so scenario files use it too.
func doubleQuoted(_ text: String, escaping escaped: (Unicode.Scalar) -> Bool) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": quoted += "\\\\"
        case "\"": quoted += "\\\""
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        case "\r": quoted += "\\r"
        case _ where escaped(scalar):
            let hex = String(scalar.value, radix: 16)
            quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: quoted.unicodeScalars.append(scalar)
        }
    }
    return quoted + "\""
}
