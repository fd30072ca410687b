import ArbiterEngine
import ArbiterScenario
import Testing

@Suite("REPL tab completion")
struct ReplCompletionTests {
    let apps = [AppConfig(AppID("Music")), AppConfig(AppID("Maps"))]

    @Test("the first word: apps, device, system and the session commands")
    func firstWord() {
        #expect(ReplCompletion.candidates(for: "M", apps: apps) == ["Music", "Maps"])
        #expect(ReplCompletion.candidates(for: "s", apps: apps) == ["system", "state", "step", "save"])
        #expect(ReplCompletion.candidates(for: "", apps: apps).contains("why"))
    }

    @Test("verbs after an app, device or system; their arguments after the verb")
    func verbsAndArguments() {
        #expect(
            ReplCompletion.candidates(for: "Music se", apps: apps) == [
                "setCategory", "setMode", "seek",
                "setPrefersInterruptionOnRouteDisconnect",
                "setPrefersNoInterruptionsFromSystemAlerts",
            ])
        #expect(ReplCompletion.candidates(for: "device builtInMic ", apps: apps) == ["muted", "unmuted"])
        #expect(ReplCompletion.candidates(for: "Music setCategory play", apps: apps) == ["playback", "playAndRecord"])
        #expect(ReplCompletion.candidates(for: "Music setMode spo", apps: apps) == ["spokenAudio"])
        #expect(ReplCompletion.candidates(for: "Music preferInput blue", apps: apps) == ["bluetoothHFP"])
        #expect(
            ReplCompletion.candidates(for: "device connect wired", apps: apps) == ["wiredHeadphones", "wiredHeadset"])
        #expect(ReplCompletion.candidates(for: "system remote toggle", apps: apps) == ["togglePlayPause"])
        #expect(ReplCompletion.candidates(for: "system remote changeRepeatMode ", apps: apps) == ["off", "one", "all"])
        #expect(ReplCompletion.candidates(for: "system remote seekForward e", apps: apps) == ["end"])
        #expect(ReplCompletion.candidates(for: "system remote like ", apps: apps) == ["positive", "negative"])
        #expect(ReplCompletion.candidates(for: "system remote changePlaybackRate ", apps: apps).isEmpty)
        #expect(ReplCompletion.candidates(for: "why Maps ", apps: apps).contains("gain"))
        #expect(ReplCompletion.candidates(for: "Nobody pl", apps: apps).isEmpty, "an unknown app has no verbs")
    }

    @Test("key=value words complete their value, and comma lists their last item")
    func keyValues() {
        #expect(
            ReplCompletion.candidates(for: "Music setCategory playback options=duck", apps: apps)
                == ["options=duckOthers"])
        #expect(
            ReplCompletion.candidates(
                for: "app Siri category=ambient options=mixWithOthers,allowBluetoothA", apps: apps)
                == ["options=mixWithOthers,allowBluetoothA2DP"])
        #expect(ReplCompletion.candidates(for: "app Podcasts background=au", apps: apps) == ["background=audio"])
        #expect(ReplCompletion.candidates(for: "app Podcasts c", apps: apps) == ["category=", "commands="])
    }

    @Test("a whole word ends with a space; a key= or an item of a comma list may go on")
    func endsWord() {
        #expect(ReplCompletion.endsWord("play"))
        #expect(ReplCompletion.endsWord("category=playback"))
        #expect(!ReplCompletion.endsWord("category="))
        #expect(!ReplCompletion.endsWord("options=duckOthers"))
        #expect(!ReplCompletion.endsWord("options=mixWithOthers,duckOthers"))
        #expect(!ReplCompletion.endsWord("background=audio"))
        #expect(!ReplCompletion.endsWord("players=main:avPlayer"))
        #expect(!ReplCompletion.endsWord("reactions=interruptionEnded:"))
    }

    @Test("every candidate for a category is a category the decoder accepts")
    func candidatesDecode() throws {
        for category in ReplCompletion.candidates(for: "Music setCategory ", apps: apps) {
            var session = try ReplSession()
            let reply = session.execute("app Music category=\(category)")
            #expect(!reply.failed, "\(category): \(reply.lines)")
        }
    }
}
