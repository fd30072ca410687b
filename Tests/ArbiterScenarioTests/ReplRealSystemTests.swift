import ArbiterEngine
import ArbiterScenario
import Testing

/// How a REPL session treats the real system's errors when an app is declared: a refusal takes the declaration
/// back; a real system that has gone away leaves the model to go on with the app declared.
@Suite("REPL declarations and the real system")
struct ReplRealSystemTests {
    /// A backend whose `declare` throws the given error and that otherwise does nothing.
    final class DeclareFails: ReplayBackend {
        struct Refused: Error, CustomStringConvertible { var description: String { "no room for another stream" } }
        let error: Error
        init(_ error: Error) { self.error = error }
        func perform(_ action: DeviceAction, at time: Time) throws -> [Event] { [.device(action)] }
        func externalEvents(at time: Time) throws -> [OutsideEvent] { [] }
        func reconcile(with engine: Engine) throws {}
        func verify(_ results: inout [CheckResult], engine: Engine) throws {}
        func declare(_ app: AppConfig) throws { throw error }
    }

    @Test("a declaration the real system refuses is taken back")
    func refusedDeclarationIsTakenBack() throws {
        var session = try ReplSession()
        session.backend = DeclareFails(DeclareFails.Refused())
        let reply = session.execute("app Music category=playback")
        #expect(reply.failed)
        #expect(reply.lines == ["repl:1:1: error: the real system failed: no room for another stream"])
        #expect(session.setup.apps.isEmpty)
        #expect(session.execute("Music play").lines.first?.contains("unknown app or command 'Music'") == true)
    }

    @Test("a declaration when the real system has gone away stands in the model")
    func declarationStandsWhenTheRealSystemIsGone() throws {
        var session = try ReplSession()
        session.backend = DeclareFails(RealSystemGone("the daemon went away"))
        let reply = session.execute("app Music category=playback")
        #expect(reply.failed)
        #expect(reply.lines.first == "repl:1:1: error: the real system failed: the daemon went away")
        #expect(session.setup.apps.map(\.name) == ["Music"])
        #expect(session.execute("Music play").lines.contains("Music: player main playing  [playback.player-state]"))
    }
}
