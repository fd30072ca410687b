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

    /// An option by its Swift name; `allowBluetooth`, the name before iOS 26, is accepted too.
    public init?(name: String) {
        if name == "allowBluetooth" {
            self = .allowBluetoothHFP
        } else if let option = CategoryOption(rawValue: name) {
            self = option
        } else {
            return nil
        }
    }
}

/// A set of category options, always listed in the SDK's order.
public struct CategoryOptions: Hashable, Sendable, ExpressibleByArrayLiteral, Sequence, CustomStringConvertible {
    /// The options in the SDK's declaration order.
    public private(set) var members: [CategoryOption]

    public init(_ options: some Sequence<CategoryOption>) {
        let set = Set(options)
        members = CategoryOption.allCases.filter { set.contains($0) }
    }

    public init(arrayLiteral elements: CategoryOption...) { self.init(elements) }

    public func contains(_ option: CategoryOption) -> Bool { members.contains(option) }
    public var isEmpty: Bool { members.isEmpty }
    public func makeIterator() -> IndexingIterator<[CategoryOption]> { members.makeIterator() }

    public func union(_ other: CategoryOptions) -> CategoryOptions { CategoryOptions(members + other.members) }
    public func subtracting(_ other: CategoryOptions) -> CategoryOptions {
        CategoryOptions(members.filter { !other.contains($0) })
    }
    public mutating func insert(_ option: CategoryOption) { self = union([option]) }
    public mutating func remove(_ option: CategoryOption) { self = subtracting([option]) }

    /// The bits iOS would read back: the OR of every member's raw value.
    public var bits: UInt { members.reduce(0) { $0 | $1.bits } }

    /// `[mixWithOthers, duckOthers]`.
    public var description: String { "[" + members.map(\.rawValue).joined(separator: ", ") + "]" }
}
