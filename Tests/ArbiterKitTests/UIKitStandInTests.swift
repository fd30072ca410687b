import ArbiterEngine
import ArbiterKit
import Testing

/// A messaging app's voice-message player, as written for iOS: it turns proximity monitoring on while a message
/// plays and routes to the receiver when the phone is at the user's ear.
final class VoiceNotePlayer {
    func startListening() throws {
        UIDevice.current.isProximityMonitoringEnabled = true
        try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .default, options: [.allowBluetooth])
        try AVAudioSession.sharedInstance().overrideOutputAudioPort(UIDevice.current.proximityState ? .none : .speaker)
    }
}

/// A PNG header of the given pixel size (signature, IHDR length, type, width, height).
func pngHeader(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    return Data(bytes + [8, 6, 0, 0, 0])
}

@Suite struct UIKitStandInTests {
    @Test func theDeviceIsAnIPhoneOfTheSetupsVersion() throws {
        let phone = try SimulatedPhone(Setup(ios: 16))
        _ = try phone.install("Chat") { VoiceNotePlayer() }
        let (version, model, idiom) = phone.run(in: "Chat") {
            (UIDevice.current.systemVersion, UIDevice.current.model, UIDevice.current.userInterfaceIdiom)
        }
        #expect(version == "16.0" && model == "iPhone" && idiom == .phone)
    }

    @Test func proximityMonitoringIsKeptForEachAppAndThePhoneIsNeverAtAnEar() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let chat = try phone.install("Chat") { VoiceNotePlayer() }
        _ = try phone.install("Other") { 0 }
        try phone.run(in: "Chat") { try chat.startListening() }
        #expect(phone.run(in: "Chat") { UIDevice.current.isProximityMonitoringEnabled })
        #expect(!phone.run(in: "Other") { UIDevice.current.isProximityMonitoringEnabled })
        #expect(!phone.run(in: "Chat") { UIDevice.current.proximityState })
        #expect(phone.engine.app("Chat")?.session.overridesToSpeaker == true)  // not at the ear: the speaker
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func theOrientationIsUnknownUntilAskedForThenPortrait() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        _ = try phone.install("Meet") { 0 }
        #expect(phone.run(in: "Meet") { UIDevice.current.orientation } == .unknown)
        phone.run(in: "Meet") {
            UIDevice.current.beginGeneratingDeviceOrientationNotifications()
            UIDevice.current.beginGeneratingDeviceOrientationNotifications()
            UIDevice.current.endGeneratingDeviceOrientationNotifications()
        }
        #expect(phone.run(in: "Meet") { UIDevice.current.orientation } == .portrait)
        #expect(phone.run(in: "Meet") { UIDevice.current.isGeneratingDeviceOrientationNotifications })
        phone.run(in: "Meet") { UIDevice.current.endGeneratingDeviceOrientationNotifications() }
        #expect(phone.run(in: "Meet") { UIDevice.current.orientation } == .unknown)
        #expect(UIDeviceOrientation.portrait.isValidInterfaceOrientation && UIDeviceOrientation.faceUp.isFlat)
    }

    @Test func theVendorIdentifierIsTheSameForAnAppOfTheSameName() throws {
        func identifier(of name: AppID) throws -> UUID? {
            let phone = try SimulatedPhone(Setup(ios: 17))
            _ = try phone.install(name) { 0 }
            return phone.run(in: name) { UIDevice.current.identifierForVendor }
        }
        let first = try identifier(of: "Meet")
        let again = try identifier(of: "Meet")
        let other = try identifier(of: "Chat")
        #expect(first != nil && first == again && first != other)
    }

    @Test func theBatteryReadsUnknownAndIsReportedWhenMonitored() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        _ = try phone.install("Meet") { 0 }
        #expect(phone.run(in: "Meet") { UIDevice.current.batteryLevel } == -1)  // monitoring off: as iOS reads it
        #expect(phone.diagnostics.isEmpty)
        withKnownIssue {
            phone.run(in: "Meet") {
                UIDevice.current.isBatteryMonitoringEnabled = true
                #expect(UIDevice.current.batteryState == .unknown)
            }
        } matching: {
            $0.description.contains("UIDevice.current.batteryState with battery monitoring on is not modelled")
        }
    }

    @Test func theDeviceOutsideAnyAppsCodeIsReported() {
        withKnownIssue {
            #expect(UIDevice.current.systemVersion == "")
        } matching: {
            $0.description.contains("UIDevice.current.systemVersion was called outside any app's code")
        }
    }

    @Test func anImageHasTheSizeItsHeaderGives() throws {
        let png = try #require(UIImage(data: pngHeader(width: 600, height: 400)))
        #expect(png.size == CGSize(width: 600, height: 400) && png.scale == 1)
        #expect(UIImage(data: pngHeader(width: 600, height: 400), scale: 2)?.size == CGSize(width: 300, height: 200))
        #expect(png.pngData() == pngHeader(width: 600, height: 400) && png.jpegData(compressionQuality: 1) == nil)

        let gif = Data(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0])
        #expect(UIImage(data: gif)?.size == CGSize(width: 320, height: 240))

        // SOI, an APP0 segment of 16 bytes, then a baseline start of frame: height 480, width 640.
        let jpeg = Data(
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
                + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03] + [UInt8](repeating: 0, count: 9))
        #expect(UIImage(data: jpeg)?.size == CGSize(width: 640, height: 480))

        #expect(UIImage().size == .zero)
        #expect(UIImage(data: Data()) == nil)
    }

    @Test func artworkFromTheMediaMakesAnImage() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["song.m4a"] = SimulatedMedia(
            duration: 200, title: "Song", artwork: pngHeader(width: 512, height: 512))
        let asset = try phone.install("Music") { AVURLAsset(url: URL(fileURLWithPath: "/media/song.m4a")) }
        let artwork = try #require(
            phone.run(in: "Music") {
                AVMetadataItem.metadataItems(
                    from: asset.commonMetadata, withKey: AVMetadataKey.commonKeyArtwork,
                    keySpace: .common
                ).first?.dataValue
            })
        #expect(UIImage(data: artwork)?.size == CGSize(width: 512, height: 512))
    }

    @Test func imagesAnAppShipsAreThereAndDataTheStandInCannotReadIsReported() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        _ = try phone.install("Music") { 0 }
        // An image the app ships, or a symbol, force-unwrapped as apps do: an empty stand-in, never nil.
        let cover = phone.run(in: "Music") { UIImage(named: "cover")! }
        #expect(cover.size == .zero)
        #expect(phone.run(in: "Music") { UIImage(systemName: "play.fill") }?.size == .zero)
        #expect(phone.diagnostics.isEmpty)
        withKnownIssue {
            phone.run(in: "Music") { #expect(UIImage(data: Data("ftypheic".utf8)) == nil) }
        } matching: {
            $0.description.contains("is not modelled")
        }
        #expect(phone.diagnostics.count == 1)
    }

    @Test func aPlayersLayerJoinsAViewsLayer() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let player = try phone.install("Video", backgroundModes: [.audio]) {
            AVPlayer(url: URL(fileURLWithPath: "/media/clip.mp4"))
        }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 220))
        let layer = phone.run(in: "Video") { AVPlayerLayer(player: player) }
        layer.frame = view.bounds
        view.layer.addSublayer(layer)
        #expect(view.layer.sublayers?.first === layer && layer.superlayer === view.layer)
        #expect(layer.videoRect.size == CGSize(width: 390, height: 220) && layer.isReadyForDisplay)
        #expect(phone.engine.player("clip", of: "Video")?.showsVideo == true)
        layer.removeFromSuperlayer()
        #expect(view.layer.sublayers?.isEmpty == true)
    }

    @Test func aViewControllerLoadsItsViewWhenAskedAndKeepsItsChildren() {
        final class Screen: UIViewController {
            var loads = 0
            override func viewDidLoad() { loads += 1 }
        }
        let screen = Screen()
        #expect(!screen.isViewLoaded)
        _ = screen.view
        _ = screen.view
        #expect(screen.isViewLoaded && screen.loads == 1)
        let player = AVPlayerViewController()
        screen.addChild(player)
        screen.view.addSubview(player.view)
        #expect(screen.children.first === player && player.parent === screen)
        #expect(player.view.superview === screen.view)
        player.removeFromParent()
        #expect(screen.children.isEmpty)
    }
}

/// A recorder's permission flow, as written for iOS: denied, it offers the app's page in Settings; it keeps the
/// screen on while recording.
@Suite struct ApplicationURLTests {
    @Test func theIdleTimerIsKeptAndOpeningSettingsIsReported() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        _ = try phone.install("Recorder") { 0 }
        phone.run(in: "Recorder") { UIApplication.shared.isIdleTimerDisabled = true }
        #expect(phone.run(in: "Recorder") { UIApplication.shared.isIdleTimerDisabled })
        var opened: [Bool] = []
        withKnownIssue {
            phone.run(in: "Recorder") {
                let settings = URL(string: UIApplication.openSettingsURLString)!
                #expect(!UIApplication.shared.canOpenURL(settings))
                UIApplication.shared.open(settings, options: [:]) { opened.append($0) }
            }
        } matching: {
            $0.description.contains("UIApplication.open(app-settings:) is not modelled")
        }
        #expect(opened == [false])
    }
}

@Suite struct BackgroundTimeTests {
    @Test func theTimeRemainingIsLargeInTheForegroundAndReportedInTheBackground() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        _ = try phone.install("Uploader") { 0 }
        #expect(phone.run(in: "Uploader") { UIApplication.shared.backgroundTimeRemaining } == .greatestFiniteMagnitude)
        phone.send(.app("Uploader", .background))
        withKnownIssue {
            _ = phone.run(in: "Uploader") { UIApplication.shared.backgroundTimeRemaining }
        } matching: {
            $0.description.contains("UIApplication.backgroundTimeRemaining in the background is not modelled")
        }
        #expect(
            UIApplication.didReceiveMemoryWarningNotification.rawValue
                == "UIApplicationDidReceiveMemoryWarningNotification")
    }
}
