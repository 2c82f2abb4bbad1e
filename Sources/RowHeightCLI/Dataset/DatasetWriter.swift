
/// Writes `rows` rows of `{"text":"…"}` JSON Lines in chunks of `chunkRows` rows, each chunk
/// made by its own `DatasetTextGenerator` seeded from (seed, kind, chunk number) — so the bytes
/// depend on the seed and kind only, not on `jobs`, and a smaller `rows` gives a prefix of a
/// larger one.
///
/// With several jobs, worker threads generate chunks while the calling thread writes them in order.
struct DatasetWriter: Sendable {
    let kind: DatasetKind
    let seed: UInt64
    let rows: Int
    let jobs: Int
    /// Rows per chunk (the unit of work and of seeding; changing it changes the output).
    static let chunkRows = 4096

    /// Generates every row and writes it to `writer`; calls `progress` with the rows written
    /// after each chunk.
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
        // Workers take chunk numbers in order, generate them and store them in the channel's
        // slots; this thread writes them in chunk order. At most `slots` chunks wait in memory.
        let channel = PipelineChannel(slots: 2 * jobs + 2, workers: jobs)
        try channel.startWorkers {
            defer { channel.workerDidExit() }
            while true {
                channel.slotFree.wait()
                let chunk = channel.takeTicket()
                guard channel.mayRead, chunk < chunks else {
                    channel.endInput(batches: chunks, error: nil)
                    channel.slotFree.signal()
                    return
                }
                var buffer = channel.spareBuffer()
                generate(chunk: chunk, into: &buffer)
                channel.store(BatchResult(index: chunk, output: buffer), stopReading: false)
            }
        }
        defer { channel.stop() }
        var next = 0
        while true {
            switch channel.take(next) {
            case .batch(var result):
                try writer.write(result.output)
                try writer.flushIfFull()
                var spent = OutputBuffer(capacity: 0)
                swap(&spent, &result.output)
                channel.recycle(consume spent)
                next += 1
                done = min(rows, next * Self.chunkRows)
                progress(done)
            case .notYet:
                channel.resultReady.wait()
            case .end, .failed:
                try writer.flush()
                return
            }
        }
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
