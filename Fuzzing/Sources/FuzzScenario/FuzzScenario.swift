import ArbiterEngine
import ArbiterScenario

/// libFuzzer's entry: the bytes as a scenario file, loaded as `arbiter replay` loads one.
///
/// A file must end in a scenario or in positioned diagnostics; a scenario is then replayed, so the engine runs too.
/// Anything else (a trap, a hang, a diagnostic without a position) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    switch ScenarioFiles.decode(Array(bytes), file: "fuzz.yaml") {
    case .success(let scenario):
        let report = Replayer.replay(scenario)
        precondition(!report.entries.isEmpty || scenario.steps.isEmpty, "a replay with steps recorded nothing")
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
