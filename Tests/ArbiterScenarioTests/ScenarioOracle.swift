import ArbiterEngine
import ArbiterScenario

/// What loading a scenario file must do, whatever its bytes. The fuzz target (Fuzzing/, through a symbolic link
/// to this file) and the fuzz regression tests both judge inputs with it, so they cannot drift apart.
///
/// A file ends in a scenario or in diagnostics placed inside it. A scenario is then replayed, so the engine runs
/// too, and written back as the REPL's `save` writes it, which must decode to the same title, setup, events and
/// times. Anything else is a finding (a trap or a hang is one too, caught by whoever runs this).
/// The same bytes are also read as `arbiter replay` reads them, every platform's runs: an iOS file must come out as
/// the iOS decoder reads it, and each Android run must replay.
enum ScenarioOracle {
    /// What went wrong with the file `bytes` named `file`; empty when nothing did.
    static func findings(_ bytes: [UInt8], file: String) -> [String] {
        iosFindings(bytes, file: file) + documentFindings(bytes, file: file)
    }

    /// The file read as every platform's runs (`arbiter replay` reads it so): an iOS file must decode as `decode`
    /// does, each Android run must replay, and every diagnostic must be placed in the file.
    static func documentFindings(_ bytes: [UInt8], file: String) -> [String] {
        switch ScenarioFiles.decodeDocument(bytes, file: file) {
        case .success(let document):
            if document.runs.isEmpty { return ["a document with no run"] }
            if case .success = ScenarioFiles.decode(bytes, file: file), document.iosScenario == nil {
                return ["an iOS scenario read as another platform's"]
            }
            return document.runs.compactMap { run in
                guard case .android(let scenario) = run else { return nil }
                let report = AndroidReplayer.replay(scenario)
                return report.entries.isEmpty && !scenario.steps.isEmpty
                    ? "an Android replay with steps recorded nothing"
                    : nil
            }
        case .failure(let errors):
            return placed(errors, in: bytes, file: file)
        }
    }

    /// What went wrong reading the file as iOS's.
    static func iosFindings(_ bytes: [UInt8], file: String) -> [String] {
        switch ScenarioFiles.decode(bytes, file: file) {
        case .success(let scenario):
            if Replayer.replay(scenario).entries.isEmpty && !scenario.steps.isEmpty {
                return ["a replay with steps recorded nothing"]
            }
            return saveRoundTrip(scenario).map { [$0] } ?? []
        case .failure(let errors):
            return placed(errors, in: bytes, file: file)
        }
    }

    /// Each diagnostic that is not placed inside the file (or a failure with none).
    static func placed(_ errors: ScenarioErrors, in bytes: [UInt8], file: String) -> [String] {
        if errors.diagnostics.isEmpty { return ["a failure without a diagnostic"] }
        let lines = lineBreaks(bytes) + 1
        return errors.diagnostics.compactMap { diagnostic in
            let position = diagnostic.position
            if position.file != file { return "a diagnostic names another file: \(diagnostic)" }
            if position.line < 1 || position.line > lines + 1 {
                return "a diagnostic outside the file's \(lines) lines: \(diagnostic)"
            }
            if position.column < 1 { return "a diagnostic before the first column: \(diagnostic)" }
            return nil
        }
    }

    /// nil when the scenario, saved as the REPL's `save` does, decodes to the same title, setup, events and times;
    /// otherwise what differs, with the saved text.
    static func saveRoundTrip(_ scenario: Scenario) -> String? {
        let events: [(time: Time, event: Event)] = scenario.steps.compactMap { step in
            if case .event(let event, _) = step.action { return (step.time, event) }
            return nil
        }
        let text = ScenarioWriter.text(
            setup: scenario.setup, steps: events, title: scenario.title,
            lintAllowances: scenario.lintAllowances)
        switch ScenarioParser.parse(text, file: "saved.yaml") {
        case .success(let saved):
            if saved.title != scenario.title { return "the saved title differs:\n\(text)" }
            if saved.setup != scenario.setup { return "the saved setup differs:\n\(text)" }
            if saved.lintAllowances != scenario.lintAllowances { return "the saved allowLints differ:\n\(text)" }
            let savedEvents: [(time: Time, event: Event)] = saved.steps.compactMap { step in
                if case .event(let event, _) = step.action { return (step.time, event) }
                return nil
            }
            if savedEvents.map(\.event) != events.map(\.event) { return "the saved events differ:\n\(text)" }
            if savedEvents.map(\.time) != events.map(\.time) { return "the saved times differ:\n\(text)" }
            return nil
        case .failure(let errors):
            return "the saved scenario does not decode: \(errors)\n\(text)"
        }
    }

    /// At least as many line breaks as YAML sees: `\n`, `\r` (alone or before `\n`), NEL, LS and PS.
    static func lineBreaks(_ bytes: [UInt8]) -> Int {
        var count = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): count += 1
            case 0x85 where index > 0 && bytes[index - 1] == 0xC2: count += 1
            case 0xA8...0xA9 where index > 1 && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x80: count += 1
            default: break
            }
        }
        return count
    }
}
