import Foundation
import Testing

/// `arbiter soak --attach`, shortened for CI: three rounds of programs coming and going under `arbiter attach`,
/// with a daemon restart, ending with every program as it was. Its figures are printed, never asserted beyond
/// the counts.
@Suite("arbiter soak --attach", .serialized)
struct SoakAttachCommandTests {
    @Test("three rounds with a daemon restart: every program back at its own volume and playing, nothing left")
    func shortSoak() throws {
        let result = try CLI.run(["soak", "--attach", "--rounds", "3", "--restart-every", "2", "--seed", "7"])
        print(result.stdout)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\nsoak: 3 rounds in "))
        #expect(SoakCommandTests.figure("daemon restarts: ", in: result.stdout) == 1)
        #expect(SoakCommandTests.figure("problems: ", in: result.stdout) == 0)
        #expect((SoakCommandTests.figure("programs started: ", in: result.stdout) ?? 0) >= 3)
        #expect(result.stdout.contains("soak: passed: "))
    }
}
