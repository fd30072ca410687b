import Foundation

/// Finding and reading scenario files.
public enum ScenarioFiles {
    /// The files to replay: each path itself, or the `.yaml`/`.yml` files under a directory (sorted, recursively).
    /// Hidden folders and files under a directory (`.build`, `.github`, `.git`) are not walked into: a project's
    /// root holds build products and CI workflows, which are not scenarios.
    public static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                files += scenarios(under: path).map { "\(base)/\($0)" }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// The `.yaml`/`.yml` files under `directory`, relative to it and sorted, leaving hidden entries out.
    static func scenarios(under directory: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = walk.nextObject() as? String {
            if (relative.split(separator: "/").last ?? "").hasPrefix(".") {
                walk.skipDescendants()
            } else if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// Reads and decodes one file.
    public static func load(_ path: String) -> Result<Scenario, ScenarioErrors> {
        read(path).flatMap { ScenarioParser.parse($0, file: path) }
    }

    /// Decodes the bytes of a scenario file: its size, UTF-8 and NUL bytes checked before the YAML.
    public static func decode(_ bytes: [UInt8], file: String) -> Result<Scenario, ScenarioErrors> {
        text(bytes, file: file).flatMap { ScenarioParser.parse($0, file: file) }
    }

    /// The text of the file at `path`, checked as `text(_:file:)` checks it.
    static func read(_ path: String) -> Result<String, ScenarioErrors> {
        let start = SourcePosition(file: path, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let message = exists ? "the file cannot be read" : "no such file"
            return .failure(ScenarioErrors([Diagnostic(start, message, expected: "a readable scenario file (.yaml)")]))
        }
        return text(Array(data), file: path)
    }

    /// The text of a scenario file's bytes: its size, UTF-8 and NUL bytes checked.
    static func text(_ bytes: [UInt8], file: String) -> Result<String, ScenarioErrors> {
        let start = SourcePosition(file: file, line: 1, column: 1)
        if bytes.count > ScenarioParser.maximumBytes {
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        start, "the file is \(bytes.count) bytes",
                        expected: "a scenario of at most \(ScenarioParser.maximumBytes) bytes")
                ]))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ScenarioErrors([Diagnostic(start, "the file is not valid UTF-8", expected: "UTF-8 text")]))
        }
        if let nul = text.firstIndex(of: "\0") {
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: nul.samePosition(in: text.utf8)!)
            let (line, column) = ScenarioParser.lineAndColumn(of: offset, in: text)
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: line, column: column),
                        "the file contains a NUL byte", expected: "text")
                ]))
        }
        return .success(text)
    }
}
