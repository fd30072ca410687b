import ArbiterEngine
import ArbiterLint
import ArbiterScenario
import CustomDump

/// The text of the store's failures: a one-line heading, then the details.
enum Failures {
    static func stateMismatch(
        expected: PolicyState, actual: PolicyState, step: String,
        provenance: Provenance
    ) -> String {
        var lines = TestStoreCore<IOSLinting, SessionNotification>.difference(expected, actual, after: step)
        for name in expected.apps.names where !actual.apps.names.contains(name) {
            lines += [
                "",
                "There is no app named \(name); the apps are: "
                    + actual.apps.names.map(\.name).joined(separator: ", ") + ".",
            ]
        }
        let why = differingKeys(expected, actual).compactMap { key -> String? in
            guard let rule = provenance.rule(key.app, key.property) else { return nil }
            return "  \(key.app.map { "\($0)." } ?? "")\(key.property): [\(rule.id)] \(rule.statement) "
                + "(\(rule.source); \(rule.evidence))"
        }
        if !why.isEmpty { lines += ["", "The rules behind the actual values:"] + why }
        return lines.joined(separator: "\n")
    }

    static func unexpectedError(_ event: Event, _ error: SessionError, expected: ErrorCode?) -> String {
        let wanted = expected.map { ", expected \($0) (\($0.codeText))" } ?? ""
        return "\(event) failed with \(error.code) (\(error.code.codeText))\(wanted): [\(error.rule.id)] "
            + "\(error.rule.statement) (\(error.rule.source)); pass fails: .\(error.code) if that is what you expect"
    }

    /// The (app, property) pairs whose values differ, named as `Provenance` names them.
    static func differingKeys(_ expected: PolicyState, _ actual: PolicyState) -> [(app: AppID?, property: String)] {
        var keys: [(AppID?, String)] = []
        var names = actual.apps.names
        for name in expected.apps.names where !names.contains(name) { names.append(name) }
        for name in names {
            let (wanted, got) = (expected.apps[name], actual.apps[name])
            // Every field but the players, by reflection, so a new PolicyState.App field is covered without a list here.
            let gotFields = Mirror(reflecting: got).children.map { "\($0.value)" }
            for (field, gotValue) in zip(Mirror(reflecting: wanted).children, gotFields)
            where field.label != "players" && "\(field.value)" != gotValue {
                keys.append((name, field.label ?? ""))
            }
            for player in Set(wanted.players.keys).union(got.players.keys).sorted()
            where wanted.players[player] != got.players[player] {
                keys.append((name, "players.\(player)"))
            }
        }
        if expected.nowPlaying != actual.nowPlaying { keys.append((nil, "nowPlaying")) }
        if expected.route != actual.route { keys.append((nil, "route")) }
        return keys
    }
}
