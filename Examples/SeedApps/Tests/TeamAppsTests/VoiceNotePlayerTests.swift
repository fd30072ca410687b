import ArbiterKit
import TeamApps
import Testing

/// The voice note plays by itself once its item is ready, and its player cleans up after itself quietly when the
/// test lets it go, after its phone finished.
@Suite struct VoiceNotePlayerTests {
    @Test func aNotePlaysOnceReadyAndShowsOnTheLockScreen() throws {
        let phone = try SimulatedPhone(ios: 17)
        phone.media["note.m4a"] = SimulatedMedia(duration: 14)
        let notes = try phone.install("Messenger", backgroundModes: [.audio]) { VoiceNotePlayer() }
        phone.run(in: "Messenger") { notes.open(URL(fileURLWithPath: "/media/note.m4a"), title: "Voice note") }
        #expect(notes.readyDurations == [14])
        #expect(notes.player.timeControlStatus == .playing)
        #expect(phone.engine.nowPlayingView(at: phone.now)?.title == "Voice note")
    }

    @Test func itsDeinitAfterThePhoneFinishedSaysNothing() throws {
        var kept: VoiceNotePlayer?
        do {
            let phone = try SimulatedPhone(ios: 17)
            kept = try phone.install("Messenger", backgroundModes: [.audio]) { VoiceNotePlayer() }
            phone.run(in: "Messenger") { kept?.open(URL(fileURLWithPath: "/media/note.m4a"), title: "Voice note") }
        }
        kept = nil  // pauses, clears Now Playing, disables its command, deactivates: no phone, nothing reported
        #expect(kept == nil)
    }
}
