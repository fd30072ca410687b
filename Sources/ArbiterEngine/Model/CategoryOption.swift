/// One category option (`AVAudioSession.CategoryOptions`), with its real raw value.
public enum CategoryOption: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case mixWithOthers
    case duckOthers
    /// Formerly `allowBluetooth` (same bit).
    case allowBluetoothHFP
    case defaultToSpeaker
    case interruptSpokenAudioAndMixWithOthers
    case allowBluetoothA2DP
    case allowAirPlay
    case overrideMutedMicrophoneInterruption
    case farFieldInput
    case bluetoothHighQualityRecording

    public var description: String { rawValue }

    /// The option's bits, as in `AVAudioSessionTypes.h` (H17, H26).
    public var bits: UInt {
        switch self {
        case .mixWithOthers: 0x1
        case .duckOthers: 0x2
        case .allowBluetoothHFP: 0x4
        case .defaultToSpeaker: 0x8
        case .interruptSpokenAudioAndMixWithOthers: 0x11
        case .allowBluetoothA2DP: 0x20
        case .allowAirPlay: 0x40
        case .overrideMutedMicrophoneInterruption: 0x80
        case .farFieldInput: 0x40000
        case .bluetoothHighQualityRecording: 0x80000
        }
    }

    /// Names the SDK gave options before: `allowBluetooth`, before iOS 26.
    public static let formerNames: [(String, CategoryOption)] = [("allowBluetooth", .allowBluetoothHFP)]

    /// An option by its Swift name, or by a name it had before (`formerNames`).
    public init?(name: String) {
        if let former = CategoryOption.formerNames.first(where: { $0.0 == name }) {
            self = former.1
        } else if let option = CategoryOption(rawValue: name) {
            self = option
        } else {
            return nil
        }
    }
}

/// A set of category options, always listed in the SDK's order. A bit mask underneath, so set operations are
/// cheap on the engine's hot paths.
public struct CategoryOptions: Hashable, Sendable, ExpressibleByArrayLiteral, Sequence, CustomStringConvertible {
    private var mask: UInt32 = 0

    @inline(__always)
    private static func flag(_ option: CategoryOption) -> UInt32 {
        let index: UInt32 =
            switch option {
            case .mixWithOthers: 0
            case .duckOthers: 1
            case .allowBluetoothHFP: 2
            case .defaultToSpeaker: 3
            case .interruptSpokenAudioAndMixWithOthers: 4
            case .allowBluetoothA2DP: 5
            case .allowAirPlay: 6
            case .overrideMutedMicrophoneInterruption: 7
            case .farFieldInput: 8
            case .bluetoothHighQualityRecording: 9
            }
        return 1 << index
    }

    private static let flags: [(CategoryOption, UInt32)] = CategoryOption.allCases.map { ($0, flag($0)) }

    public init(_ options: some Sequence<CategoryOption>) {
        for option in options { mask |= CategoryOptions.flag(option) }
    }

    public init(arrayLiteral elements: CategoryOption...) { self.init(elements) }

    private init(mask: UInt32) { self.mask = mask }

    /// The options in the SDK's declaration order.
    public var members: [CategoryOption] { CategoryOptions.flags.filter { mask & $0.1 != 0 }.map(\.0) }

    @inline(__always)
    public func contains(_ option: CategoryOption) -> Bool { mask & CategoryOptions.flag(option) != 0 }
    public var isEmpty: Bool { mask == 0 }
    public func makeIterator() -> IndexingIterator<[CategoryOption]> { members.makeIterator() }

    public func union(_ other: CategoryOptions) -> CategoryOptions { CategoryOptions(mask: mask | other.mask) }
    public func subtracting(_ other: CategoryOptions) -> CategoryOptions { CategoryOptions(mask: mask & ~other.mask) }
    public mutating func insert(_ option: CategoryOption) { mask |= CategoryOptions.flag(option) }
    public mutating func remove(_ option: CategoryOption) { mask &= ~CategoryOptions.flag(option) }

    /// The bits iOS would read back: the OR of every member's raw value.
    public var bits: UInt { members.reduce(0) { $0 | $1.bits } }

    /// `[mixWithOthers, duckOthers]`.
    public var description: String { "[" + members.map(\.rawValue).joined(separator: ", ") + "]" }
}
