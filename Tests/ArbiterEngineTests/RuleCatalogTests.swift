import Testing

@testable import ArbiterEngine

@Suite("The rule catalog")
struct RuleCatalogTests {
    @Test("rule identifiers are unique and every rule has a statement and a source")
    func catalogIsWellFormed() {
        let ids = Rule.catalog.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in Rule.catalog {
            #expect(!rule.statement.isEmpty, "\(rule.id)")
            #expect(!rule.source.isEmpty, "\(rule.id)")
            #expect(rule.id.contains("."), "\(rule.id) is area.what")
            #expect(Rule.named(rule.id) == rule)
        }
    }

    @Test("uncertain behaviours are tunables, and each tunable rule names its profile key")
    func tunableRulesNameTheirKey() {
        let keys = Profile().tunables.map(\.name)
        for rule in Rule.catalog where rule.evidence == .tunable {
            #expect(keys.contains { rule.statement.contains($0) }, "\(rule.id) names no profile key")
        }
    }
}
