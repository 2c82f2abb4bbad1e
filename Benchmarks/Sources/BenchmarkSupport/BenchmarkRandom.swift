/// A deterministic pseudo-random sequence (SplitMix64): the same numbers for a seed everywhere,
/// for benchmark inputs that must not change from run to run.
public struct BenchmarkRandom {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    /// The next number in `0 ..< bound` (`bound` > 0).
    public mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
