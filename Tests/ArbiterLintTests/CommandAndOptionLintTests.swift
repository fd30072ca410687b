import ArbiterEngine
import ArbiterLint
import Testing

@Suite("Lints: remote commands and options")
struct CommandAndOptionLintTests {
    @Test func aHandlerForACommandNeverEnabledIsDeadCode() throws {
        let app = player("Radio", commands: [.play, .pause], reactions: [.remote(.nextTrack): .nextTrack])
        let findings = try lints(Setup(apps: [app]), [(0, .app("Radio", .play()))])
        #expect(ids(findings) == ["remote.handler-never-enabled"])
        #expect(findings.first?.declaration == ["reactions", "remote.nextTrack"])
        #expect(findings.first?.step == nil)
    }

    @Test func aHandlerEnabledLaterIsFine() throws {
        let app = player("Radio", commands: [.play, .pause], reactions: [.remote(.nextTrack): .nextTrack])
        let findings = try lints(
            Setup(apps: [app]),
            [
                (0, .app("Radio", .play())),
                (1, .app("Radio", .enableCommands([.nextTrack]))),
            ])
        #expect(findings.isEmpty)
    }

    @Test func anEnabledCommandWithoutAReactionSucceedsAndDoesNothing() throws {
        let findings = try lints(
            Setup(apps: [player("Podcasts")]),
            [
                (0, .app("Podcasts", .play())),
                (5, .system(.remote(.pause))),
            ])
        #expect(ids(findings) == ["remote.success-without-acting"])
        let finding = try #require(findings.first)
        #expect(finding.declaration == ["remoteCommands"])
        #expect(finding.fix.contains("remote.pause: pause"))
    }

    @Test func aCommandTheAppActsOnIsFine() throws {
        let app = player("Podcasts", reactions: [.remote(.pause): .pause, .remote(.play): .play])
        let findings = try lints(
            Setup(apps: [app]),
            [
                (0, .app("Podcasts", .play())),
                (5, .system(.remote(.pause))),
                (9, .system(.remote(.play))),
            ])
        #expect(findings.isEmpty)
    }

    @Test func aDeclaredOptionTheCategoryClearsIsFoundAtTheOption() throws {
        let app = AppConfig("Recorder", backgroundModes: [.audio], category: .record, options: [.allowAirPlay])
        let findings = try lints(Setup(apps: [app]), [])
        #expect(ids(findings) == ["options.ignored"])
        #expect(findings.first?.declaration == ["options", "allowAirPlay"])
    }

    @Test func setCategoryWithAnOptionTheCategoryClearsIsFoundAtTheStep() throws {
        let findings = try lints(
            Setup(apps: [AppConfig("Recorder")]),
            [
                (0, .app("Recorder", .setCategory(.multiRoute, options: [.allowAirPlay])))
            ])
        #expect(ids(findings) == ["options.ignored"])
        #expect(findings.first?.step == 0)
    }

    @Test func setCategoryWithARefusedOptionIsAFailedCall() throws {
        let findings = try lints(
            Setup(apps: [AppConfig("Player")]),
            [
                (0, .app("Player", .setCategory(.playback, options: [.defaultToSpeaker])))
            ])
        #expect(ids(findings) == ["options.rejected"])
        #expect(findings.first?.aboutFailedCall == true)
        #expect(findings.first?.message.contains("the session stays soloAmbient") == true)
    }

    @Test func allowancesSilenceALintEverywhereOrForOneApp() throws {
        let apps = [
            AppConfig("A", category: .record, options: [.allowAirPlay]),
            AppConfig("B", category: .record, options: [.allowAirPlay]),
        ]
        let everywhere = LintAllowances(everywhere: ["options.ignored": "on purpose"])
        #expect(try lints(Setup(apps: apps), allowing: everywhere, []).isEmpty)
        let forA = LintAllowances(perApp: ["A": ["options.ignored": "on purpose"]])
        #expect(try lints(Setup(apps: apps), allowing: forA, []).map(\.app) == ["B"])
    }

    @Test func everyLintHasAnIdentifierStatementSourceAndFix() {
        #expect(Set(Lint.catalog.map(\.id)).count == Lint.catalog.count)
        for lint in Lint.catalog {
            #expect(lint.id.contains("."), "\(lint.id)")
            #expect(!lint.statement.isEmpty && !lint.source.isEmpty && !lint.fix.isEmpty, "\(lint.id)")
            // A lint about iOS cites the reference; one about the scenario file itself is the linter's own.
            if lint.evidence != .model {
                #expect(lint.source.contains("§"), "\(lint.id) cites no section of the reference")
            }
            #expect(Lint.named(lint.id) == lint)
        }
    }
}

@Suite("Lints: allowances that silence nothing")
struct UnusedAllowanceTests {
    /// A and B set allowAirPlay on record (ignored without an error); the run is one play.
    func linter(_ allowances: LintAllowances) throws -> Linter {
        let apps = [
            AppConfig("A", category: .record, options: [.allowAirPlay]),
            AppConfig("B", backgroundModes: [.audio], category: .playback),
        ]
        var engine = try Engine(Setup(apps: apps))
        var linter = Linter(startingFrom: engine, allowances: allowances)
        let outcome = engine.handle(.app("B", .play()), at: .zero)
        linter.observe(outcome, after: engine)
        linter.finish()
        return linter
    }

    @Test func anAllowanceThatSilencedAFindingIsUsedAndOneThatSilencedNothingIsNot() throws {
        let linter = try linter(
            LintAllowances(
                everywhere: ["nowplaying.stale-rate": "kept from an older run"],
                perApp: [
                    "A": ["options.ignored": "on purpose"],
                    "B": ["options.ignored": "named the wrong app"],
                ]))
        // The run's only finding is silenced; finishing adds one for each allowance that silenced nothing.
        #expect(
            linter.findings.map(\.unusedAllowance) == [
                LintAllowances.Entry(app: nil, lint: "nowplaying.stale-rate"),
                LintAllowances.Entry(app: "B", lint: "options.ignored"),
            ])
        #expect(linter.usedAllowances == [LintAllowances.Entry(app: "A", lint: "options.ignored")])
        #expect(
            linter.unusedAllowances == [
                LintAllowances.Entry(app: nil, lint: "nowplaying.stale-rate"),
                LintAllowances.Entry(app: "B", lint: "options.ignored"),
            ])
        let finding = LintFinding.allowanceUnused(linter.unusedAllowances[1], at: .zero)
        #expect(
            finding.summary.hasPrefix("B: allowLints: options.ignored silences nothing in this run [allowlints.unused]")
        )
        #expect(LintFinding.allowanceUnused(linter.unusedAllowances[0], at: .zero).app == LintFinding.wholeRun)
    }

    @Test func anAllowanceOfTheLintItselfSilencesTheOthersAndIsNeverReported() throws {
        let everywhere = try linter(
            LintAllowances(everywhere: [
                "nowplaying.stale-rate": "kept",
                "allowlints.unused": "a template",
            ]))
        #expect(everywhere.unusedAllowances.isEmpty)
        let forB = try linter(
            LintAllowances(
                everywhere: ["nowplaying.stale-rate": "kept"],
                perApp: ["B": ["options.ignored": "kept", "allowlints.unused": "a template"]]))
        #expect(forB.unusedAllowances == [LintAllowances.Entry(app: nil, lint: "nowplaying.stale-rate")])
    }
}
