#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeroed memory for a cache's slots, owned: mapped from the kernel (anonymous pages, which it
/// zeroes when each is first touched, so making one writes nothing and costs no page faults)
/// and, on Linux, marked for transparent huge pages (`MADV_HUGEPAGE`) and aligned to 2 MB, so
/// that lookups scattered over megabytes of slots do not each miss the TLB. Where the kernel
/// gives no mapping, zeroed heap memory instead.
///
/// Not copyable: freed once, when its owner goes.
struct SlotRegion: ~Copyable {
    /// The first byte, aligned to at least 128 bytes.
    let base: UnsafeMutableRawPointer
    /// The bytes usable from `base`.
    let byteCount: Int
    /// The mapping to unmap (`nil` for heap memory).
    private let mapping: (start: UnsafeMutableRawPointer, length: Int)?

    /// The alignment asked of a mapping: a huge page on x86-64 and arm64 (4 KB pages).
    static var hugePageSize: Int { 2 << 20 }

    /// Maps `byteCount` zeroed bytes.
    ///
    /// - Complexity: O(1): nothing is written until the slots are used.
    init(byteCount: Int) {
        self.byteCount = byteCount
        let align = SlotRegion.hugePageSize
        let length = byteCount + align
        let start = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let start, start != MAP_FAILED else {
            // Zeroed heap memory: written now, as before there was a mapping.
            let heap = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 128)
            heap.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
            base = heap
            mapping = nil
            return
        }
        let address = UInt(bitPattern: start)
        let aligned = (address + UInt(align - 1)) & ~UInt(align - 1)
        base = UnsafeMutableRawPointer(bitPattern: aligned)!
        mapping = (start, length)
        #if os(Linux)
        _ = madvise(base, byteCount, MADV_HUGEPAGE)  // advice only: without it, 4 KB pages
        #endif
    }

    deinit {
        if let mapping {
            munmap(mapping.start, mapping.length)
        } else {
            base.deallocate()
        }
    }
}
