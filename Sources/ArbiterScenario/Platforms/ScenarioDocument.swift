import ArbiterEngine
import Yams

/// A scenario file as it is replayed: one run for a one-platform file, one run a platform for a cross-platform
/// file (`platforms: [ios, android]`).
public struct ScenarioDocument: Sendable {
    /// The file's path, as given.
    public var file: String
    /// One run a platform the file is replayed on, in the order `platforms:` lists them.
    public var runs: [ScenarioRun]
    /// Whether the file names several platforms: each run's report is then labelled with its platform.
    public var isCrossPlatform: Bool

    /// The iOS scenario, when the file is iOS's alone.
    public var iosScenario: Scenario? {
        guard !isCrossPlatform, case .ios(let scenario)? = runs.first else { return nil }
        return scenario
    }
}

/// One platform's replay of a file.
public enum ScenarioRun: Sendable {
    case ios(Scenario)
    case android(AndroidScenario)
    case harmonyos(HarmonyScenario)

    /// The platform the run replays on.
    public var platform: ScenarioPlatform {
        switch self {
        case .ios: .ios
        case .android(let scenario): scenario.setup.platform == .car ? .androidAutomotive : .android
        case .harmonyos: .harmonyos
        }
    }
}

extension ScenarioParser {
    /// Decodes `text` (the contents of `file`) into the runs it describes, reporting every problem of every
    /// platform's run, each once, in file order.
    public static func parseDocument(_ text: String, file: String) -> Result<ScenarioDocument, ScenarioErrors> {
        compose(text, file: file).flatMap { root in document(root, file: file) }
    }

    static func document(_ root: Node, file: String) -> Result<ScenarioDocument, ScenarioErrors> {
        var reader = YAMLReader(file: file)
        let split = PlatformProjection.split(root, reader: &reader)
        var diagnostics = reader.diagnostics
        var runs: [ScenarioRun] = []
        for (platform, projected) in split {
            let decoded: Result<ScenarioRun, ScenarioErrors> =
                switch platform {
                case .ios: decode(projected, file: file).map(ScenarioRun.ios)
                case .android, .androidAutomotive:
                    AndroidScenarioParser.decode(projected, file: file).map(ScenarioRun.android)
                case .harmonyos: HarmonyScenarioParser.decode(projected, file: file).map(ScenarioRun.harmonyos)
                }
            switch decoded {
            case .success(let run): runs.append(run)
            case .failure(let errors):
                let label = split.count > 1 ? " [\(platform)]" : ""
                for diagnostic in errors.diagnostics {
                    var labelled = diagnostic
                    labelled.message += label
                    if !diagnostics.contains(where: {
                        $0.position == diagnostic.position
                            && $0.message.hasPrefix(diagnostic.message)
                    }) {
                        diagnostics.append(labelled)
                    }
                }
            }
        }
        if diagnostics.isEmpty && split.isEmpty {
            diagnostics.append(
                Diagnostic(
                    reader.position(root), "the file names no platform to replay on",
                    expected: "platform: ios, android, androidAutomotive or harmonyos"))
        }
        guard diagnostics.isEmpty else { return .failure(ScenarioErrors(diagnostics)) }
        return .success(ScenarioDocument(file: file, runs: runs, isCrossPlatform: split.count > 1))
    }
}

extension ScenarioFiles {
    /// Reads and decodes one file into its runs (an iOS file gives one iOS run, decoded exactly as `load` does).
    public static func loadDocument(_ path: String) -> Result<ScenarioDocument, ScenarioErrors> {
        read(path).flatMap { ScenarioParser.parseDocument($0, file: path) }
    }

    /// Decodes the bytes of a scenario file into its runs, checked as `decode(_:file:)` checks them.
    public static func decodeDocument(_ bytes: [UInt8], file: String) -> Result<ScenarioDocument, ScenarioErrors> {
        text(bytes, file: file).flatMap { ScenarioParser.parseDocument($0, file: file) }
    }
}
