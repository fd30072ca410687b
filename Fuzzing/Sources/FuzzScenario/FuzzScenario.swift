/// libFuzzer's entry: the bytes as a scenario file, loaded as `arbiter replay` loads one and judged by
/// `ScenarioOracle` (the file the fuzz regression tests use too). A finding stops the run with what it was; so does
/// a trap or a hang, which libFuzzer reports itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let findings = ScenarioOracle.findings(bytes, file: "fuzz.yaml")
    precondition(findings.isEmpty, findings.joined(separator: "\n"))
    return 0
}
