/// The AOSP files rules cite, as the reference (§10) names them.
enum AOSP {
    static let audio = "AOSP-FB services/core/java/com/android/server/audio/"
    static let focusRequester = audio + "FocusRequester.java"
    static let mediaFocusControl = audio + "MediaFocusControl.java"
    static let playbackMonitor = audio + "PlaybackActivityMonitor.java"
    static let fadeOutManager = audio + "FadeOutManager.java"
    static let fadeConfigurations = audio + "FadeConfigurations.java"
    static let audioManager = "AOSP-FB media/java/android/media/AudioManager.java"
    static let cts = "CTS tests/tests/media/audio/src/android/media/audio/cts/AudioFocusTest.java"
    static let car = "AOSP-CAR service/src/com/android/car/audio/"
    static let carAudioFocus = car + "CarAudioFocus.java"
    static let focusInteraction = car + "FocusInteraction.java"
    static let carAudioContext = car + "CarAudioContext.java"
    static let carAudioFocusTest =
        "AOSP-CAR tests/carservice_unit_test/src/com/android/car/audio/CarAudioFocusUnitTest.java"
}
