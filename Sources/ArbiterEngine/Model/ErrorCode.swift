/// An `AVAudioSession.ErrorCode`, with its OSStatus value (HERR, reference §4.3).
public enum ErrorCode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case mediaServicesFailed
    case isBusy
    case incompatibleCategory
    case cannotInterruptOthers
    case missingEntitlement
    case siriIsRecording
    case cannotStartPlaying
    case cannotStartRecording
    case badParam
    case insufficientPriority
    case resourceNotAvailable
    case unspecified
    case expiredSession
    case sessionNotActive

    public var description: String { rawValue }

    /// The OSStatus value as iOS reports it.
    public var osStatus: Int32 {
        if self == .badParam { return -50 }
        return fourCharacterCode.utf8.reduce(Int32(0)) { $0 << 8 | Int32($1) }
    }

    /// How iOS shows it: `'!int' 560557684`, or `-50` for badParam.
    public var codeText: String {
        self == .badParam ? "-50" : "'\(fourCharacterCode)' \(osStatus)"
    }

    /// The four-character code (`!int`), or `-50` for badParam.
    public var fourCharacterCode: String {
        switch self {
        case .mediaServicesFailed: "msrv"
        case .isBusy: "!act"
        case .incompatibleCategory: "!cat"
        case .cannotInterruptOthers: "!int"
        case .missingEntitlement: "ent?"
        case .siriIsRecording: "siri"
        case .cannotStartPlaying: "!pla"
        case .cannotStartRecording: "!rec"
        case .badParam: "-50"
        case .insufficientPriority: "!pri"
        case .resourceNotAvailable: "!res"
        case .unspecified: "what"
        case .expiredSession: "!ses"
        case .sessionNotActive: "inac"
        }
    }
}
