import Dispatch

/// Streams the lines of an input through `jobs` worker threads that turn each line into output
/// bytes (or an error), and writes the output strictly in input order.
///
/// The workers read batches of up to `batchLines` lines from the `InputSource` themselves (the
/// source hands them out in order, numbered), transform them, and store the results; the
/// calling thread writes the results in batch order as they become ready, flushing whenever it
/// has to wait — so output starts long before the input ends, and at most
/// `batchesInFlight` batches are in memory at once, whatever the input's size. With one job,
/// everything runs on the calling thread.
///
/// Each worker has its own `State` — a parser, a measurer with scratch buffers — made on the
/// worker's thread by `makeState`, so `State` need not be `Sendable` and the per-line work shares
/// nothing.
///
/// On a bad record (the transform throws a `RecordFailure`): by default every record before it
/// is written, then `run` throws the record's `InputError` (`<file>:<line>: <what>`) and reads no
/// further. With `skipInvalid`, each bad record is reported on stderr as
/// `rowheight: error: <file>:<line>: <what>` at its place in the output, the run goes on, and
/// the count is in the returned `Summary`.
struct OrderedPipeline<State> {
    /// Turns one line into its output record, appended to `output`, or throws.
    ///
    /// - Parameters:
    ///   - line: the line's bytes, without its newline; valid only during the call.
    ///   - lineNumber: the line's 1-based number in the input.
    ///   - state: the worker's own state.
    ///   - output: where the record goes; anything appended before a throw is dropped.
    typealias Process = @Sendable (
        _ line: UnsafeBufferPointer<UInt8>, _ lineNumber: Int, _ state: inout State, _ output: inout OutputBuffer
    ) throws(RecordFailure) -> Void

    /// Appends the record that stands for a bad line (with `skipInvalid`), so that the output
    /// keeps one record per input record.
    typealias InvalidRecord = @Sendable (_ failure: RecordFailure, _ output: inout OutputBuffer) -> Void

    /// What a run did.
    struct Summary: Sendable, Equatable {
        /// Records written.
        var records = 0
        /// Bad records skipped (always 0 unless `skipInvalid`).
        var invalid = 0
    }

    /// The number of worker threads (at least 1).
    let jobs: Int
    /// The most lines in a batch: the unit of work a worker takes at a time.
    let batchLines: Int
    /// The most batches between reading and writing at any time.
    var batchesInFlight: Int { 2 * jobs + 2 }

    /// A pipeline with `jobs` workers (1 = all on the calling thread).
    init(jobs: Int, batchLines: Int = 2048) {
        self.jobs = max(1, jobs)
        self.batchLines = max(1, batchLines)
    }

    /// Runs the pipeline over `source`, writing to `output` (standard output if `nil`).
    ///
    /// - Parameters:
    ///   - skipInvalid: report bad records and go on, instead of stopping at the first one.
    ///   - makeState: makes a worker's state; called once per worker, on its thread.
    ///   - process: transforms a line; called on the workers' threads.
    ///   - invalidRecord: with `skipInvalid`, writes the record of a bad line in its place (on the
    ///     workers' threads); without it, a bad line leaves no record.
    ///   - onBatch: called on the calling thread after each batch is written (for progress).
    ///   - reportInvalid: prints a skipped record's error (with `skipInvalid`), on the calling
    ///     thread, after the records before it were written and flushed.
    /// - Returns: the counts of records written and skipped.
    /// - Throws: the first bad record's `InputError` (unless `skipInvalid`), an `InputError` for
    ///   a read error, a `CLIError` for a write error, or what `makeState` threw. Output before
    ///   the problem is written (and flushed) first.
    /// - Complexity: O(input); memory O(jobs × batchLines) lines.
    func run(
        source: InputSource,
        output: OutputWriter? = nil,
        skipInvalid: Bool,
        makeState: @escaping @Sendable () throws -> State,
        process: @escaping Process,
        invalidRecord: InvalidRecord? = nil,
        onBatch: (Summary) -> Void = { _ in },
        reportInvalid: (InputError) -> Void = OrderedPipeline.printInvalid
    ) throws -> Summary {
        let writer = output ?? OutputWriter()
        if jobs == 1 {
            return try runOnCallingThread(
                source: source, writer: writer, skipInvalid: skipInvalid, makeState: makeState, process: process,
                invalidRecord: invalidRecord, onBatch: onBatch, reportInvalid: reportInvalid)
        }
        let channel = PipelineChannel(slots: batchesInFlight, workers: jobs)
        let batchLines = self.batchLines
        try channel.startWorkers {
            OrderedPipeline.work(
                channel: channel, source: source, batchLines: batchLines, skipInvalid: skipInvalid,
                makeState: makeState, process: process, invalidRecord: invalidRecord)
        }
        var summary = Summary()
        do {
            var next = 0
            writing: while true {
                switch channel.take(next) {
                case .batch(var result):
                    try OrderedPipeline.emit(
                        result, to: writer, source: source.name, skipInvalid: skipInvalid, summary: &summary,
                        reportInvalid: reportInvalid)
                    var spent = OutputBuffer(capacity: 0)
                    swap(&spent, &result.output)
                    channel.recycle(consume spent)
                    next += 1
                    onBatch(summary)
                case .notYet:
                    try writer.flush()  // show what is done before waiting
                    channel.resultReady.wait()
                case .end(let readError):
                    try writer.flush()
                    if let readError { throw readError }
                    break writing
                case .failed(let error):
                    try writer.flush()
                    throw error
                }
            }
        } catch {
            channel.stop(waitingUntil: .now() + .milliseconds(250))
            throw error
        }
        channel.stop()
        return summary
    }

    /// Prints a skipped record's error as `rowheight: error: FILE:LINE: what is wrong`.
    static func printInvalid(_ error: InputError) {
        StandardError.write("rowheight: error: \(error)\n")
    }

    /// The whole run on the calling thread (one job).
    private func runOnCallingThread(
        source: InputSource, writer: OutputWriter, skipInvalid: Bool, makeState: () throws -> State,
        process: Process, invalidRecord: InvalidRecord?, onBatch: (Summary) -> Void,
        reportInvalid: (InputError) -> Void
    ) throws -> Summary {
        var state = try makeState()
        var buffer = OutputBuffer(capacity: 1 << 16)
        var summary = Summary()
        do {
            while let batch = try source.nextBatch(maxLines: batchLines) {
                var result = OrderedPipeline.transform(
                    batch, state: &state, buffer: &buffer, skipInvalid: skipInvalid, process: process,
                    invalidRecord: invalidRecord)
                try OrderedPipeline.emit(
                    result, to: writer, source: source.name, skipInvalid: skipInvalid, summary: &summary,
                    reportInvalid: reportInvalid)
                swap(&buffer, &result.output)
                try writer.flush()  // a batch is all the lines one read gave: show them now
                onBatch(summary)
            }
            try writer.flush()
        } catch {
            try? writer.flush()  // what came before the problem (a read error) stays written
            throw error
        }
        return summary
    }

    /// A worker: makes its state, then reads, transforms and stores batches until the input
    /// ends or the run stops.
    private static func work(
        channel: PipelineChannel, source: InputSource, batchLines: Int, skipInvalid: Bool,
        makeState: () throws -> State, process: Process, invalidRecord: InvalidRecord?
    ) {
        defer { channel.workerDidExit() }
        var state: State
        do {
            state = try makeState()
        } catch {
            channel.fail(error)
            return
        }
        while true {
            channel.slotFree.wait()
            guard channel.mayRead else {
                channel.slotFree.signal()
                return
            }
            let batch: LineBatch?
            do {
                batch = try source.nextBatch(maxLines: batchLines)
            } catch {
                channel.endInput(batches: source.batchesRead, error: error)
                channel.slotFree.signal()
                return
            }
            guard let batch else {
                channel.endInput(batches: source.batchesRead, error: nil)
                channel.slotFree.signal()
                return
            }
            var buffer = channel.spareBuffer()
            let result = transform(
                batch, state: &state, buffer: &buffer, skipInvalid: skipInvalid, process: process,
                invalidRecord: invalidRecord)
            channel.store(result, stopReading: !skipInvalid && !result.failures.isEmpty)
        }
    }

    /// Transforms the lines of `batch` into `buffer` (emptied first), which it moves into the
    /// result. Without `skipInvalid`, stops at the first bad line; with it, writes each bad line's
    /// `invalidRecord` in its place.
    static func transform(
        _ batch: LineBatch, state: inout State, buffer: inout OutputBuffer, skipInvalid: Bool, process: Process,
        invalidRecord: InvalidRecord? = nil
    ) -> BatchResult {
        var result = BatchResult(index: batch.index, output: OutputBuffer(capacity: 0))
        swap(&result.output, &buffer)
        result.output.removeAll()
        batch.forEachLine { line, lineNumber in
            let mark = result.output.count
            do throws(RecordFailure) {
                try process(line, lineNumber, &state, &result.output)
                result.records += 1
                return true
            } catch {
                result.output.truncate(to: mark)
                result.failures.append((mark, error))
                if skipInvalid, let invalidRecord { invalidRecord(error, &result.output) }
                return skipInvalid
            }
        }
        return result
    }

    /// Writes a batch's records; reports its bad records (with `skipInvalid`) or throws the
    /// first one's error after writing the records before it.
    static func emit(
        _ result: BatchResult, to writer: OutputWriter, source: String, skipInvalid: Bool, summary: inout Summary,
        reportInvalid: (InputError) -> Void = OrderedPipeline.printInvalid
    ) throws {
        var written = 0
        for (offset, failure) in result.failures {
            try writer.write(result.output, range: written..<offset)
            written = offset
            try writer.flush()  // stdout before stderr, so they interleave in order
            if !skipInvalid { throw failure.inputError(source: source) }
            reportInvalid(failure.inputError(source: source))
            summary.invalid += 1
        }
        try writer.write(result.output, range: written..<result.output.count)
        summary.records += result.records
    }
}
