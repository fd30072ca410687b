import Testing

@testable import ArbiterEngine

@Suite("App code: the players an app's own code makes, and the items it gives them")
struct AppCodeTests {
    @Test(
        "the app's code makes a player and gives it items, each by codeMakesPlayers; a player left without items pauses"
    )
    func codeMakesPlayersAndGivesItems() throws {
        var h = try Harness([AppConfig("Coder", backgroundModes: [.audio], category: .playback)])
        let made = h.app("Coder", .declarePlayer(PlayerConfig(name: "video", kind: .avPlayer)))
        #expect(made.rule(for: .playerDeclared("video", .avPlayer), of: "Coder") == .codeMakesPlayers)
        #expect(h.appState("Coder").player(named: "video")?.kind == .avPlayer)
        let given = h.app(
            "Coder",
            .setItems(
                player: "video",
                [
                    PlayerItem(title: "One", duration: 10),
                    PlayerItem(title: "Two", duration: 5),
                ]))
        #expect(given.rule(for: .playerItem("video", index: 0, title: "One"), of: "Coder") == .codeMakesPlayers)
        h.app("Coder", .play(player: "video"))
        #expect(h.engine.player("video", of: "Coder")?.state == .playing)
        let emptied = h.app("Coder", .setItems(player: "video", []))
        #expect(emptied.rule(for: .player("video", .paused), of: "Coder") == .codeMakesPlayers)
    }

    @Test("a systemMusicPlayer the app's code makes brings the Music app; a second recorder is refused")
    func systemMusicPlayerAndRecorder() throws {
        var h = try Harness([AppConfig("Coder", category: .playAndRecord)])
        #expect(h.engine.app("Music") == nil)
        h.app("Coder", .declarePlayer(PlayerConfig(name: "music", kind: .systemMusicPlayer)))
        #expect(h.engine.app("Music") != nil)
        #expect(!h.app("Coder", .declarePlayer(PlayerConfig(name: "memo", kind: .recorder))).isRejected)
        #expect(h.app("Coder", .declarePlayer(PlayerConfig(name: "other", kind: .recorder))).isRejected)
    }
}
