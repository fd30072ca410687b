import ArbiterEngine
import ArbiterLive
import ArbiterScenario
import Testing

/// The rules file: app declarations of the scenario format with a match, and every mistake at its place.
@Suite struct ProgramRulesTests {
    @Test func aRuleIsAnAppDeclarationWithAMatch() throws {
        let rules = try ProgramRulesParser.parse(
            """
            ios: 16
            device: { ringer: silent, locked: true }
            pause: cork
            endNotifiesOthers: false
            rolePolicy: alongside
            profile: { duckLevel: 0.3 }
            programs:
              - match: { application.name: "Pure Maps", media.role: Navigation }
                app: Maps
                category: playback
                mode: voicePrompt
                options: [duckOthers, interruptSpokenAudioAndMixWithOthers]
                backgroundModes: [audio]
            """, file: "rules.yaml"
        ).get()
        #expect(rules.ios == 16)
        #expect(rules.device.ringer == .silent && rules.device.locked)
        #expect(rules.pause == .cork && !rules.endNotifiesOthers && rules.rolePolicy == .alongside)
        #expect(rules.profile.duckLevel == 0.3)
        #expect(rules.profile.duckRamp == ProgramRules.duckRamp)
        #expect(rules.profile.idleBackgroundSuspension == nil, "Linux suspends no paused program")
        let rule = try #require(rules.programs.first)
        #expect(rule.app.name == AppID("Maps") && rule.app.mode == .voicePrompt)
        #expect(rule.app.options.contains(.duckOthers))
        #expect(rule.matches(["application.name": "Pure Maps", "media.role": "Navigation"]))
        #expect(!rule.matches(["application.name": "Pure Maps"]))
    }

    @Test func aFileMaySuspendPausedProgramsAsAPhoneWould() throws {
        let rules = try ProgramRulesParser.parse(
            "profile: { idleBackgroundSuspension: 30s }\nprograms: []\n", file: "rules.yaml"
        ).get()
        #expect(rules.profile.idleBackgroundSuspension == .seconds(30))
    }

    @Test func anOlderReleaseStartsFromItsOwnDefaultsWhereverItIsWritten() throws {
        let rules = try ProgramRulesParser.parse(
            "profile: { duckLevel: 0.3 }\nios: 9\nprograms: []\n", file: "rules.yaml"
        ).get()
        #expect(rules.ios == 9)
        #expect(rules.profile.suspensionDeactivatesSession == false, "iOS 9 keeps a suspended app's session")
        #expect(rules.profile.duckLevel == 0.3, "the file's choice is kept over the release's defaults")
        #expect(rules.profile.duckRamp == ProgramRules.duckRamp && rules.profile.idleBackgroundSuspension == nil)
        guard case .failure(let errors) = ProgramRulesParser.parse("ios: 8\nprograms: []\n", file: "rules.yaml")
        else {
            Issue.record("iOS 8 was accepted")
            return
        }
        #expect(errors.diagnostics.first?.description.hasPrefix("rules.yaml:1:6: error:") == true)
    }

    @Test func patternsHoldAStarForAnyCharacters() {
        #expect(PropertyPattern("k", "fire*").matches("firefox"))
        #expect(PropertyPattern("k", "*fox").matches("firefox"))
        #expect(PropertyPattern("k", "f*e*x").matches("firefox"))
        #expect(!PropertyPattern("k", "f*z").matches("firefox"))
        #expect(!PropertyPattern("k", "a*a").matches("a"))
        #expect(PropertyPattern("k", "Lollypop").matches("Lollypop"))
        #expect(!PropertyPattern("k", "Lollypop").matches("Lollypop2"))
    }

    @Test func everyMistakeIsReportedAtItsPlace() {
        guard
            case .failure(let errors) = ProgramRulesParser.parse(
                """
                pause: mpris
                programs:
                  - match: { name: x }
                    category: playbak
                  - app: Music
                  - match: { application.name: Call }
                    system: call
                    category: playback
                """, file: "rules.yaml")
        else {
            Issue.record("the rules were accepted")
            return
        }
        let lines = errors.diagnostics.map(\.description)
        #expect(lines.contains { $0.hasPrefix("rules.yaml:1:8: error: unknown pause method 'mpris'") })
        #expect(lines.contains { $0.hasPrefix("rules.yaml:3:14: error: 'name' is not a stream property") })
        #expect(
            lines.contains {
                $0.hasPrefix("rules.yaml:4:15: error: unknown category 'playbak'") && $0.contains("playback")
            })
        #expect(lines.contains { $0.hasPrefix("rules.yaml:5:5: error:") && $0.contains("match") })
        #expect(lines.contains { $0.hasPrefix("rules.yaml:8:5: error: a rule with system:") })
    }

    @Test func aMisspeltKeyIsOneErrorWithNoneFollowingFromIt() {
        guard
            case .failure(let errors) = ProgramRulesParser.parse(
                """
                programs:
                  - match: { application.name: Music }
                    app: Music
                    catgory: playback
                    options: [duckOthers]
                """, file: "rules.yaml")
        else {
            Issue.record("the rules were accepted")
            return
        }
        #expect(errors.diagnostics.count == 1, "\(errors)")
        #expect(errors.diagnostics.first?.description.hasPrefix("rules.yaml:4:5: error:") == true, "\(errors)")
        #expect(errors.diagnostics.first?.description.contains("catgory") == true)
    }

    @Test func anEmptyFileLeavesTheRoleDefaults() throws {
        let rules = try ProgramRulesParser.parse("", file: "empty.yaml").get()
        #expect(rules.programs.isEmpty && rules.pause == .mprisThenCork && rules.rolePolicy == .refuse)
    }

    @Test func roleDefaultsAreNamedChoices() {
        #expect(RoleDefault.forRole("music").0.id == "role.music")
        #expect(RoleDefault.forRole("Communication").0.system == .call)
        #expect(RoleDefault.forRole(nil).0.id == "role.none")
        let unknown = RoleDefault.forRole("Beep")
        #expect(unknown.0.id == "role.none" && !unknown.known)
        #expect(Set(RoleDefault.all.map(\.id)).count == RoleDefault.all.count)
        #expect(ProgramIdentity.name(from: ["application.name": "Pure Maps"]) == "PureMaps")
        #expect(ProgramIdentity.name(from: ["application.name": "2048"]) == "Program2048")
    }
}
