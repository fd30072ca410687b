import Foundation
import Testing

@Suite("The arbiter command")
struct CommandTests {
    @Test("--version prints the version")
    func version() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.1.0\n")
    }

    @Test("--help names the subcommands")
    func help() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("rules"))
        #expect(result.stdout.contains("Simulate how phones arbitrate audio between apps"))
    }

    @Test("rules PREFIX lists the matching rules with statement and source")
    func rules() throws {
        let result = try CLI.run(["rules", "deactivation.notify"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                deactivation.notify-others
                  deactivating with notifyOthersOnDeactivation tells the sessions this app interrupted that the \
                interruption ended, with shouldResume
                  source: H17; DOC:avfaudio/avaudiosession/setactiveoptions/notifyothersondeactivation (documented)

                """)
    }

    @Test("rules lists every rule of the catalog")
    func allRules() throws {
        let result = try CLI.run(["rules"])
        #expect(result.status == 0)
        let ids = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(ids.count > 50)
        #expect(ids.contains("activation.background-needs-now-playing"))
        #expect(ids.contains("car.interaction-reject"), "Android's rules follow iOS's")
        #expect(Set(ids).count == ids.count, "no rule id is used by both platforms")
        let android = try CLI.run(["rules", "--platform", "android"])
        let androidIDs = android.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(
            androidIDs.contains("duck.automatic") && !androidIDs.contains("activation.background-needs-now-playing"))
    }

    @Test(
        "rules lists the live mode's rules after the platforms', and every rule id the live mode prints is one of them")
    func liveRules() throws {
        let result = try CLI.run(["rules", "live"])
        #expect(result.status == 0)
        let ids = Set(result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init))
        #expect(result.stdout.contains("source: docs/linux.md (Arbiter's own)"))
        // Every `[live.…]` the live mode's code prints (iOS's session and Android's) is in the catalogue.
        var printed: Set<String> = []
        let folder = CLI.packageRoot.appendingPathComponent("Sources/ArbiterLive").path
        for file in FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? []
        where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            for match in text.matches(of: /LiveRule\.([a-zA-Z]+)\.id/) { printed.insert(String(match.1)) }
            #expect(!text.contains("[live."), "\(file) writes a live rule id by hand")
        }
        #expect(printed.count >= 6, "\(printed)")
        for id in ["live.duck", "live.cork", "live.uncork", "live.soft-volume", "live.pause-mpris"] {
            #expect(ids.contains(id), "\(id) is not listed: \(ids.sorted())")
        }
        let android = try CLI.run(["rules", "--platform", "android"])
        #expect(!android.stdout.contains("live."), "a platform's own rules only")
    }

    @Test("an unknown rule prefix is a usage error that says what was expected")
    func unknownPrefix() throws {
        let result = try CLI.run(["rules", "nope"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: no rule starts with 'nope'; expected a prefix such as activation"))
        #expect(result.stdout.isEmpty)
    }
}
