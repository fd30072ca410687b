/// The effect units an app attaches to its engine, with their parameters kept and read back: the delay's and the
/// distortion's start at the defaults Apple's headers give; the reverb's mix and the equalizer bands' values, which
/// the headers leave unsaid, start at this mirror's values (marked below).
/// Nothing is rendered on the simulated phone, so an effect changes nothing heard; `AVAudioUnitVarispeed` at a rate
/// other than 1 is reported as not modelled (it would change how long what plays through it lasts).

/// `AVAudioUnitReverbPreset`.
public enum AVAudioUnitReverbPreset: Int, Sendable {
    case smallRoom = 0
    case mediumRoom, largeRoom, mediumHall, largeHall, plate, mediumChamber, largeChamber, cathedral,
        largeRoom2, mediumHall2, mediumHall3, largeHall2
}

/// `AVAudioUnitReverb`.
open class AVAudioUnitReverb: AVAudioUnitEffect, @unchecked Sendable {
    /// 0 to 100 (this mirror starts it at 100, all wet).
    open var wetDryMix: Float = 100
    open private(set) var preset: AVAudioUnitReverbPreset?

    open func loadFactoryPreset(_ preset: AVAudioUnitReverbPreset) { self.preset = preset }
}

/// `AVAudioUnitDistortionPreset`.
public enum AVAudioUnitDistortionPreset: Int, Sendable {
    case drumsBitBrush = 0
    case drumsBufferBeats, drumsLoFi, multiBrokenSpeaker, multiCellphoneConcert, multiDecimated1,
        multiDecimated2, multiDecimated3, multiDecimated4, multiDistortedFunk, multiDistortedCubed,
        multiDistortedSquared, multiEcho1, multiEcho2, multiEchoTight1, multiEchoTight2, multiEverythingIsBroken,
        speechAlienChatter, speechCosmicInterference, speechGoldenPi, speechRadioTower, speechWaves
}

/// `AVAudioUnitDistortion`.
open class AVAudioUnitDistortion: AVAudioUnitEffect, @unchecked Sendable {
    /// -80 to 20 dB; -6 by default.
    open var preGain: Float = -6
    /// 0 to 100; 50 by default.
    open var wetDryMix: Float = 50
    open private(set) var preset: AVAudioUnitDistortionPreset?

    open func loadFactoryPreset(_ preset: AVAudioUnitDistortionPreset) { self.preset = preset }
}

/// `AVAudioUnitDelay`.
open class AVAudioUnitDelay: AVAudioUnitEffect, @unchecked Sendable {
    /// 0 to 2 seconds; 1 by default.
    open var delayTime: TimeInterval = 1
    /// -100 to 100 percent; 50 by default.
    open var feedback: Float = 50
    /// 10 Hz to the Nyquist frequency; 15,000 by default.
    open var lowPassCutoff: Float = 15_000
    /// 0 to 100; 100 by default.
    open var wetDryMix: Float = 100
}

/// `AVAudioUnitEQFilterType`.
public enum AVAudioUnitEQFilterType: Int, Sendable {
    case parametric = 0
    case lowPass, highPass, resonantLowPass, resonantHighPass, bandPass, bandStop, lowShelf,
        highShelf, resonantLowShelf, resonantHighShelf
}

/// `AVAudioUnitEQFilterParameters`: one band of an `AVAudioUnitEQ`. Its starting frequency, bandwidth, gain and
/// bypass are this mirror's: apps set each band they use.
open class AVAudioUnitEQFilterParameters: NSObject, @unchecked Sendable {
    open var filterType = AVAudioUnitEQFilterType.parametric
    open var frequency: Float = 1_000
    open var bandwidth: Float = 0.5
    open var gain: Float = 0
    /// Bypassed until the app turns it on, as a new band is.
    open var bypass = true
}

/// `AVAudioUnitEQ`: its bands, and its global gain.
open class AVAudioUnitEQ: AVAudioUnitEffect, @unchecked Sendable {
    public let bands: [AVAudioUnitEQFilterParameters]
    /// -96 to 24 dB; 0 by default.
    open var globalGain: Float = 0

    /// An equalizer of `numberOfBands` bands (1 to 16).
    public init(numberOfBands: Int) {
        bands = (0..<max(min(numberOfBands, 16), 1)).map { _ in AVAudioUnitEQFilterParameters() }
    }

    /// An equalizer of one band.
    public override convenience init() { self.init(numberOfBands: 1) }
}

/// `AVAudioUnitVarispeed`: its rate (0.25 to 4) kept; a rate other than 1 is reported as not modelled, as playing
/// through it would last longer or shorter.
open class AVAudioUnitVarispeed: AVAudioUnitTimeEffect, @unchecked Sendable {
    open var rate: Float = 1 {
        didSet {
            rate = min(max(rate, 0.25), 4)
            if rate != 1, !reportedRate {
                reportedRate = true
                Diagnostics.unmodelled("AVAudioUnitVarispeed.rate = \(rate)", app: engine?.app ?? SimulatedApp.current)
            }
        }
    }
    private var reportedRate = false
}
