import ArbiterEngine
import ArbiterScenario
import Testing

/// What the REPL says about a mistake: one error, at the word, in the words typed.
@Suite("REPL error messages")
struct ReplMessagesTests {
    /// The reply to `line` after `setup` lines, in a new session.
    func reply(_ line: String, after setup: [String] = ["app Music category=playback"]) throws -> ReplSession.Reply {
        var session = try ReplSession()
        for earlier in setup {
            let reply = session.execute(earlier)
            #expect(!reply.failed, "\(earlier): \(reply.lines)")
        }
        return session.execute(line)
    }

    @Test("an unclosed quote is an error at the quote, and the line does nothing")
    func unclosedQuote() throws {
        let reply = try reply(#"Music nowPlayingInfo title="Song duration=240"#)
        #expect(reply.failed)
        #expect(
            reply.lines == [#"repl:2:28: error: this quote is never closed; expected a closing " (`title="Song two"`)"#]
        )
        let closed = try self.reply(#"Music nowPlayingInfo title="Song two" duration=240"#)
        #expect(!closed.failed, "\(closed.lines)")
    }

    /// The error lines of a reply.
    func errors(_ reply: ReplSession.Reply) -> [String] { reply.lines.filter { $0.hasPrefix("repl:") } }

    /// Words of a file's YAML, which typed words never are.
    static let yamlWords = ["{", "}", "mapping", "found ", "a list", "nothing", "null"]

    /// Every verb the decoder knows after every target (a verb after the wrong one is a mistake too), each with
    /// one word or key= word that is wrong in one way.
    @Test("a mistake in any verb's words is one error, in words, never YAML", arguments: ["app", "device", "system"])
    func oneErrorPerMistake(target: String) throws {
        let known = CommandDecoder.knownWords
        let prefix = target == "app" ? "Music" : target
        for verb in known.verbs {
            var lines = ["", "xyz", "xyz=1", "=", "\"\"", "a,,b", "none title=Song"].map { "\(prefix) \(verb) \($0)" }
            lines += known.keys.flatMap {
                ["\(prefix) \(verb) \($0)=", "\(prefix) \(verb) \($0)=zz", "\(prefix) \(verb) \($0)=a,,b"]
            }
            for line in lines {
                let found = errors(try reply(line))
                #expect(found.count <= 1, "\(line): \(found)")
                for error in found {
                    #expect(!ReplMessagesTests.yamlWords.contains { error.contains($0) }, "\(line): \(error)")
                    #expect(!error.hasSuffix("one of: ") && !error.contains("apps: ;"), "\(line): \(error)")
                }
            }
        }
    }

    @Test("a mistake in an app declaration is one error, in words")
    func declarationMistakes() throws {
        var lines = [
            "app", "app X zz", "app X category=playbak options=duckOthers", "app X players=main:avPlyer",
            "app X players=:avPlayer", "app X reactions=interruptionEnded", "app X reactions=:pause",
            "app X background=audio backgroundModes=audio", "app state", "app Music",
        ]
        for key in CommandDecoder.knownWords.keys {
            lines += [
                "app X \(key)=", "app X \(key)=zz", "app X \(key)=zz,", "app X \(key)=a,,b", "app X \(key)=a \(key)=b",
            ]
        }
        for line in lines {
            let found = errors(try reply(line))
            #expect(found.count <= 1, "\(line): \(found)")
            for error in found {
                #expect(!ReplMessagesTests.yamlWords.contains { error.contains($0) }, "\(line): \(error)")
            }
        }
        #expect(
            errors(try reply("app X category=playbak options=duckOthers")).count == 1, "no second error for the options"
        )
    }

    @Test("errors say what to type, at the word that is wrong")
    func messages() throws {
        #expect(
            errors(try reply("device connect")) == [
                "repl:2:8: error: `device connect` needs ACCESSORY; expected "
                    + "`device connect ACCESSORY [name=NAME]`, such as `device connect wiredHeadphones`"
            ])
        #expect(
            errors(try reply("Music lock")) == [
                "repl:2:7: error: 'lock' is a device verb, not an app verb; expected `device lock`"
            ])
        #expect(
            errors(try reply("Music play main extra")) == [
                "repl:2:17: error: 'extra' is one word too many for "
                    + "`Music play`; expected `Music play [PLAYER]`"
            ])
        #expect(
            errors(try reply("Music nowPlayingInfo title=a titel=b")) == [
                "repl:2:30: error: unknown key 'titel=' for "
                    + "`Music nowPlayingInfo` (did you mean 'title='?); expected one of: title=, artist=, album=, duration=, elapsed=, rate=, defaultRate="
            ])
        // A key given twice is reported at the second.
        #expect(
            errors(try reply("Music nowPlayingInfo title=a title=b"))
                == ["repl:2:30: error: 'title=' is given twice (first at column 22); expected each key once"])
        #expect(
            errors(try reply("Music setCategory playback category=ambient"))
                == [
                    "repl:2:28: error: CATEGORY is given twice, as 'playback' and as 'category=ambient'; expected one CATEGORY"
                ])
        #expect(
            errors(try reply("app Maps category=playback category=ambient"))
                == ["repl:2:28: error: 'category=' is given twice (first at column 10); expected each key once"])
        // A quoted value keeps its comma.
        #expect(!(try reply(#"Music nowPlayingInfo title="One, two""#).failed))
    }

    @Test("every verb is accepted in each of its forms: words in their places, named, lists, flags")
    func everyVerbDecodes() throws {
        let lines = [
            "app Music category=playback background=audio commands=play,pause",
            "app V category=playback players=main:avPlayer,video:playerViewController reactions=interruptionEnded:resumeIfShouldResume,remote.play:play",
            "app P category=playAndRecord backgroundModes=audio remoteCommands=play",
            "Music setCategory playback mode=spokenAudio options=duckOthers,mixWithOthers",
            "Music setCategory category=playback mode=default",
            "Music setMode default",
            "Music activate",
            "Music play",
            "Music seek main 30",
            "Music seek 20",
            "Music seek player=main to=10",
            "Music rate 2",
            "Music rate main 1",
            #"Music nowPlayingInfo title="Song two" artist=A album=B duration=240 elapsed=12 rate=1"#,
            "Music nowPlayingInfo none",
            "Music nowPlayingInfo",
            "Music enableCommands nextTrack previousTrack",
            "Music disableCommands nextTrack,previousTrack",
            "Music deactivate notifyOthers",
            "Music deactivate notifyOthers=true",
            "V play video",
            "V detachVideo video",
            "V attachVideo",
            "V nextTrack",
            "P preferInput headsetMic",
            "P preferInput none",
            "P overrideOutput speaker",
            "Music setPrefersInterruptionOnRouteDisconnect false",
            "Music setPrefersNoInterruptionsFromSystemAlerts true",
            "Music voiceProcessing true",
            "device connect wiredHeadset",
            "device disconnect accessory=wiredHeadset",
            #"device connect bluetoothHeadphones name="Jo's AirPods""#,
            "device ringer silent",
            "device lock",
            "device unlock",
            "device network down",
            "device builtInMic muted",
            "device wake",
            "system incomingCall",
            "system declineCall",
            "system incomingCall",
            "system answerCall",
            "system endCall",
            "system siri begin",
            "system siri end",
            "system alarm begin",
            "system alarm end",
            "system remote togglePlayPause",
            "system remote changePlaybackPosition 30",
            "system remote changePlaybackRate 1.5",
            "system remote changeRepeatMode all",
            "system remote seekForward begin",
            "system remote dislike negative",
            "system mediaServicesLost",
            "system mediaServicesReset",
            "Music background",
            "Music foreground",
            "Music record",
            "Music stopRecording",
            "Music pause",
            "Music stop",
            "Music terminate",
            "Music launch",
        ]
        var session = try ReplSession()
        for line in lines {
            let reply = session.execute(line)
            #expect(!reply.lines.contains { $0.hasPrefix("repl:") }, "\(line): \(reply.lines)")
        }
        let used = Set(lines.map { $0.split(separator: " ")[1] }.map(String.init))
        for verb in CommandDecoder.knownWords.verbs { #expect(used.contains(verb), "no line uses \(verb)") }
    }

    @Test("with no apps, a message says how to declare one instead of an empty list")
    func noAppsYet() throws {
        for line in ["why Foo", "state Foo", "Foo play"] {
            let found = errors(try reply(line, after: []))
            #expect(found.count == 1, "\(line): \(found)")
            #expect(
                found.first?.contains("there are none yet: declare one with `app NAME category=...`") == true,
                "\(found)")
            #expect(found.first?.contains("()") == false && found.first?.contains("apps: ") == false, "\(found)")
        }
    }
}
