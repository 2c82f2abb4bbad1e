import Dispatch
import Synchronization

/// Writes `rows` rows of `{"text":"…"}` JSON Lines in chunks of `chunkRows` rows, each chunk
/// made by its own `DatasetTextGenerator` seeded from (seed, kind, chunk number) — so the bytes
/// depend on the seed and kind only, not on `jobs`, and a smaller `rows` gives a prefix of a
/// larger one.
///
/// With several jobs, rounds of `jobs` chunks are generated at once and written in order.
struct DatasetWriter: Sendable {
    let kind: DatasetKind
    let seed: UInt64
    let rows: Int
    let jobs: Int
    /// Rows per chunk (the unit of work and of seeding; changing it changes the output).
    static let chunkRows = 4096

    /// Generates every row and writes it to `writer`; calls `progress` with the rows written
    /// after each round.
    ///
    /// - Throws: `CLIError` if the output cannot be written.
    func write(to writer: OutputWriter, progress: (Int) -> Void) throws(CLIError) {
        let chunks = (rows + Self.chunkRows - 1) / Self.chunkRows
        var done = 0
        if jobs == 1 {
            var buffer = OutputBuffer(capacity: 1 << 20)
            for chunk in 0..<chunks {
                buffer.removeAll()
                generate(chunk: chunk, into: &buffer)
                try writer.write(buffer)
                try writer.flushIfFull()
                done = min(rows, (chunk + 1) * Self.chunkRows)
                progress(done)
            }
            try writer.flush()
            return
        }
        // One buffer per job, moved in and out of the lock (never copied).
        let buffers = Mutex<[OutputBuffer?]>(Array(repeating: OutputBuffer(capacity: 1 << 20), count: jobs))
        var round = 0
        while round * jobs < chunks {
            let first = round * jobs
            let count = min(jobs, chunks - first)
            DispatchQueue.concurrentPerform(iterations: count) { k in
                var buffer = buffers.withLock { $0[k].take() } ?? OutputBuffer(capacity: 1 << 20)
                buffer.removeAll()
                generate(chunk: first + k, into: &buffer)
                buffers.withLock { [buffer] in $0[k] = buffer }
            }
            for k in 0..<count {
                guard let buffer = buffers.withLock({ $0[k].take() }) else { continue }
                try writer.write(buffer)
                buffers.withLock { [buffer] in $0[k] = buffer }
            }
            try writer.flushIfFull()
            done = min(rows, (first + count) * Self.chunkRows)
            progress(done)
            round += 1
        }
        try writer.flush()
    }

    /// Appends the rows of chunk `chunk` to `buffer`.
    func generate(chunk: Int, into buffer: inout OutputBuffer) {
        let chunkSeed = seed ^ kind.salt &* 0xD1B5_4A32_D192_ED03 &+ UInt64(chunk) &* 0x9E37_79B9_7F4A_7C15
        var generator = DatasetTextGenerator(kind: kind, seed: chunkSeed)
        let count = min(Self.chunkRows, rows - chunk * Self.chunkRows)
        for _ in 0..<count {
            generator.nextRow()
            buffer.append("{\"text\":\"")
            generator.text.withUnsafeBufferPointer { buffer.append(bytes: $0) }  // already escaped
            buffer.append("\"}\n")
        }
    }
}
