/// SplitMix64: a small, fast generator whose whole state is its seed, so every run reproduces from a number.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One of `items`, which must not be empty.
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }

    /// A few distinct members of `items` (possibly none), in their order.
    mutating func some<T>(_ items: [T], upTo limit: Int) -> [T] {
        let count = Int.random(in: 0...min(limit, items.count), using: &self)
        return Array(items.shuffled(using: &self).prefix(count))
    }

    /// A case by weight: `[(3, a), (1, b)]` gives `a` three times as often as `b`.
    mutating func weighted<T>(_ choices: [(Int, T)]) -> T {
        var roll = Int.random(in: 0..<choices.reduce(0) { $0 + $1.0 }, using: &self)
        for (weight, value) in choices {
            if roll < weight { return value }
            roll -= weight
        }
        return choices[choices.count - 1].1
    }
}
