import ArbiterEngine
import ArbiterScenario

/// libFuzzer's entry: the bytes as a scenario file, loaded as `arbiter replay` loads one.
///
/// A file must end in a scenario or in positioned diagnostics. A scenario is then replayed, so the engine runs too,
/// and written back as the REPL's `save` writes it, which must decode to the same setup and events.
/// Anything else (a trap, a hang, a diagnostic outside the file, a save that changes the scenario) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    switch ScenarioFiles.decode(Array(bytes), file: "fuzz.yaml") {
    case .success(let scenario):
        let report = Replayer.replay(scenario)
        precondition(!report.entries.isEmpty || scenario.steps.isEmpty, "a replay with steps recorded nothing")
        checkSaveRoundTrip(scenario)
    case .failure(let errors):
        precondition(!errors.diagnostics.isEmpty, "a failure without a diagnostic")
        let lines = lineBreaks(bytes) + 1
        for diagnostic in errors.diagnostics {
            precondition(diagnostic.position.file == "fuzz.yaml", "\(diagnostic)")
            precondition(diagnostic.position.line >= 1 && diagnostic.position.line <= lines + 1, "\(diagnostic)")
            precondition(diagnostic.position.column >= 1, "\(diagnostic)")
        }
    }
    return 0
}

/// At least as many line breaks as YAML sees: `\n`, `\r` (alone or before `\n`), NEL, LS and PS.
func lineBreaks(_ bytes: UnsafeRawBufferPointer) -> Int {
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

/// The scenario's setup and events, saved with `ScenarioWriter` and decoded again, are unchanged.
func checkSaveRoundTrip(_ scenario: Scenario) {
    let events: [(time: Time, event: Event)] = scenario.steps.compactMap { step in
        if case .event(let event, _) = step.action { return (step.time, event) }
        return nil
    }
    let text = ScenarioWriter.text(setup: scenario.setup, steps: events, title: scenario.title)
    switch ScenarioParser.parse(text, file: "saved.yaml") {
    case .success(let saved):
        precondition(saved.setup == scenario.setup, "the saved setup differs:\n\(text)")
        let savedEvents = saved.steps.compactMap { step -> Event? in
            if case .event(let event, _) = step.action { return event }
            return nil
        }
        precondition(savedEvents == events.map(\.event), "the saved events differ:\n\(text)")
        precondition(saved.steps.map(\.time) == events.map(\.time), "the saved times differ:\n\(text)")
    case .failure(let errors):
        preconditionFailure("the saved scenario does not decode: \(errors)\n\(text)")
    }
}
