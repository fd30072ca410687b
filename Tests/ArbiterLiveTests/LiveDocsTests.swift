import ArbiterLive
import ArbiterScenario
import Foundation
import Testing

/// docs/linux.md names every choice `arbiter attach` prints: each role default and each rule of the live mode.
@Suite struct LiveDocsTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/linux.md"), encoding: .utf8)) ?? ""
    }()

    @Test func everyRoleDefaultIsInTheTable() {
        for role in RoleDefault.all + [RoleDefault.none, RoleDefault.capture] {
            #expect(LiveDocsTests.page.contains("| `\(role.id)` |"), "docs/linux.md lacks \(role.id)")
        }
    }

    @Test func everyLiveRuleIsExplained() {
        for rule in LiveRule.all {
            #expect(LiveDocsTests.page.contains("[`\(rule.id)`]"), "docs/linux.md lacks \(rule.id)")
        }
    }
}

extension LiveDocsTests {
    @Test func theRulesFileOfThePageIsValid() throws {
        let blocks = LiveDocsTests.page.components(separatedBy: "```yaml\n").dropFirst()
            .map { $0.components(separatedBy: "```")[0] }
        #expect(!blocks.isEmpty)
        for block in blocks {
            let rules = try ProgramRulesParser.parse(block, file: "docs/linux.md").get()
            #expect(rules.programs.count == 3)
            #expect(rules.programs.last?.system == .call)
        }
    }
}
