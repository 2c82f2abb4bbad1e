/// The seeded random numbers of `rowheight dataset`: xoshiro256** (Blackman and Vigna), its state
/// filled by SplitMix64 from a 64-bit seed. Fast, small, and the same numbers on every machine.
struct DatasetRandom {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// A generator whose whole sequence is decided by `seed`.
    init(seed: UInt64) {
        var mix = SplitMix64(seed: seed)
        s0 = mix.next()
        s1 = mix.next()
        s2 = mix.next()
        s3 = mix.next()
    }

    /// The next 64 random bits.
    @inline(__always)
    mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), by Lemire's multiply-shift (the tiny
    /// bias of skipping the rejection step does not matter for test data).
    @inline(__always)
    mutating func below(_ bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    @inline(__always)
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// A uniform number in `0..<1`.
    @inline(__always)
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Whether an event of probability `p` happens.
    @inline(__always)
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// An element of a non-empty array.
    @inline(__always)
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
