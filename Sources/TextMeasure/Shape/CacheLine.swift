/// LLVM's prefetch intrinsic (`__builtin_prefetch` in C), which Swift does not expose: a hint
/// that never faults, whatever the address.
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ dataCache: Int32)

/// A processor cache line (64 bytes on x86-64 and arm64).
enum CacheLine {
    /// Asks the processor to bring the cache line holding `address` into its caches for a read
    /// soon (`prefetcht0` on x86-64, `prfm pldl1keep` on arm64), without waiting for it: a
    /// memory access that would miss then overlaps the work done before the read. Only a hint:
    /// it changes no result and never faults.
    ///
    /// - Complexity: O(1), one instruction.
    @inline(__always)
    static func prefetch(_ address: UnsafeRawPointer) {
        llvmPrefetch(address, 0, 3, 1)
    }
}
