import ArbiterAndroid
import ArbiterEngine

/// The car's own checks: its waiting losers and their blockers, its delayed slot, the contexts it ducks.
extension AndroidCheckEvaluator {
    func evaluateCar(_ check: AndroidCheck) -> AndroidCheckResult {
        let key = check.subject.key
        func result(_ expected: String, _ actual: String, _ passed: Bool) -> AndroidCheckResult {
            AndroidCheckResult(
                check: check, passed: passed, key: key, expected: expected, actual: actual,
                rule: provenance.rule(nil, key))
        }
        switch check.subject {
        case .losers(let patterns):
            // CarAudioFocus keeps its losers, and each one's blockers, in no order: any order matches.
            let actual = engine.carLosers
            let passed =
                Self.sameOwners(patterns.map(\.owner), actual.map(\.owner))
                && patterns.allSatisfy { pattern in
                    guard let blockers = pattern.blockers else { return true }
                    let loser = actual.first { $0.owner == pattern.owner }
                    return Self.sameOwners(blockers, loser?.blockers ?? [])
                }
            let shown = actual.map { loser in
                patterns.contains { $0.blockers != nil }
                    ? CarLoserPattern(owner: loser.owner, blockers: loser.blockers).description
                    : loser.owner.description
            }
            return result(Self.list(patterns.map(\.description)), Self.list(shown), passed)
        case .delayed(let owner):
            let actual = engine.carDelayed
            return result(Self.name(owner), Self.name(actual), owner == actual)
        case .duckedContexts(let contexts):
            let actual = engine.carDuckedContexts
            let shown = CarAudioContext.real.filter(actual.contains).map(\.description)
            return result(
                Self.list(contexts.map(\.description)), Self.list(shown),
                contexts.count == actual.count && Set(contexts) == actual)
        default:
            preconditionFailure("evaluateCar is for the car's checks, not \(check.subject.key)")
        }
    }

    /// The same owners, each once, in any order.
    static func sameOwners(_ a: [FocusOwner], _ b: [FocusOwner]) -> Bool {
        a.count == b.count && a.map(\.description).sorted() == b.map(\.description).sorted()
    }
}
