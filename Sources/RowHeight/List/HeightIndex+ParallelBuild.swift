import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

extension HeightIndex {
    /// Like `init(rowCount:fill:)`, but fills stripes of blocks on all cores at once (for large lists
    /// whose entries cost a call per row, e.g. learned estimates from row features). `fill` is called
    /// concurrently for disjoint row ranges. O(n / cores) wall time plus the cost of `fill`.
    init(
        rowCount: Int,
        concurrentFill fill:
            @escaping @Sendable (_ rows: Range<Int>, _ buffer: UnsafeMutableBufferPointer<UInt32>) -> Void
    ) {
        let blockCount = (rowCount + Block.targetCount - 1) / Block.targetCount
        let stripeCount = Swift.min(blockCount, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard stripeCount > 1 else {
            self.init(rowCount: rowCount, fill: fill)
            return
        }
        let stripes = Mutex([[Block]](repeating: [], count: stripeCount))
        DispatchQueue.concurrentPerform(iterations: stripeCount) { stripe in
            let firstBlock = blockCount * stripe / stripeCount
            let endBlock = blockCount * (stripe + 1) / stripeCount
            let rows = (firstBlock * Block.targetCount)..<Swift.min(endBlock * Block.targetCount, rowCount)
            let part = HeightIndex(rowCount: rows.count) { local, buffer in
                fill((rows.lowerBound + local.lowerBound)..<(rows.lowerBound + local.upperBound), buffer)
            }
            stripes.withLock { $0[stripe] = part.blocks }
        }
        self.init(blocks: stripes.withLock { $0.flatMap { $0 } })
    }
}
