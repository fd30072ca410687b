import ArbiterEngine
import CustomDump

// How engine values read in failure diffs: as the Swift you would write in a test.

extension CategoryOptions: CustomDumpStringConvertible {
    public var customDumpDescription: String {
        "[" + CategoryOption.allCases.filter { contains($0) }.map { ".\($0)" }.joined(separator: ", ") + "]"
    }
}

extension AppID: CustomDumpStringConvertible {
    public var customDumpDescription: String { "\"\(name)\"" }
}
