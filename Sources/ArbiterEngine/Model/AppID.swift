/// The name of a virtual app, such as `Music` or `Maps`: letters, digits, `-` and `_`.
public struct AppID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let name: String
    /// A hash of the name, computed once: the engine looks an app up by name on every event.
    let nameHash: UInt32

    public init(_ name: String) {
        self.name = name
        nameHash = AppID.hash(name)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { name }

    public static func == (lhs: AppID, rhs: AppID) -> Bool { lhs.nameHash == rhs.nameHash && lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.name < rhs.name }

    /// Whether `name` is a valid app name: non-empty, only letters, digits, `-` and `_`.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                    || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "_"
            }
    }

    /// FNV-1a over the UTF-8 bytes: the same on every run and platform (unlike `Hasher`, which is seeded).
    private static func hash(_ name: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}

/// Apps' positions by name: an open-addressing table over `AppID.nameHash`, so a lookup costs a few comparisons
/// instead of hashing the name with `Hasher`. Apps are only ever added.
struct AppPositions: Sendable {
    /// Each slot holds a position + 1, or 0 when empty. The count is a power of two, at least twice the apps.
    private var slots = [Int32](repeating: 0, count: 8)
    private var ids: [AppID] = []

    /// The position of `id`, if it was added.
    func position(of id: AppID) -> Int? {
        let mask = slots.count - 1
        var slot = Int(id.nameHash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if ids[entry - 1] == id { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `id` at the next position.
    mutating func append(_ id: AppID) {
        ids.append(id)
        if ids.count * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for position in ids.indices { place(position) }
        } else {
            place(ids.count - 1)
        }
    }

    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = Int(ids[position].nameHash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position + 1)
    }
}
