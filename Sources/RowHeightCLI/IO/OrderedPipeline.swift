import Foundation
import Dispatch
import Synchronization

/// A bad record: its line and what is wrong with it.
struct RecordFailure: Error, Sendable {
    var line: Int
    var message: String
}

/// Streams input lines through `jobs` worker threads and writes their output strictly in input
/// order: memory stays flat for any input size and output starts before the input ends.
///
/// Lines are read in batches; each batch is cut into chunks that the workers take one at a time
/// (so uneven rows balance out); each chunk's output goes to its own buffer, written in order
/// once the batch is done. Each worker has its own `State` (a parser and scratch buffers), made
/// once by `makeState`, so the per-line work shares nothing.
///
/// On a bad record: by default everything before it is written, then the run stops with the
/// record's error; with `skipInvalid`, each bad record is reported to stderr and skipped.
struct OrderedPipeline<State> {
    let jobs: Int
    let batchLines: Int
    let chunksPerJob = 8

    init(jobs: Int, batchLines: Int = 16_384) {
        self.jobs = max(1, jobs)
        self.batchLines = batchLines
    }

    /// Processes one line: append its output record to `output`, or throw a `RecordFailure`.
    typealias Process = (_ line: UnsafeBufferPointer<UInt8>, _ lineNumber: Int, _ state: inout State,
                         _ output: inout OutputBuffer) throws(RecordFailure) -> Void

    /// Counts of a finished run.
    struct Summary {
        var records = 0
        var invalid = 0
    }

    /// Runs the pipeline over `source`, writing to standard output.
    ///
    /// - Parameter onBatch: called after each batch is written (progress reporting).
    /// - Throws: `InputError` for the first bad record (when not skipping) or an I/O error.
    func run(
        source: InputSource, skipInvalid: Bool, makeState: () throws -> State, process: @escaping Process,
        onBatch: (Summary) -> Void = { _ in }
    ) throws -> Summary {
        let states = UnsafeMutableBufferPointer<State>.allocate(capacity: jobs)
        var made = 0
        defer {
            states.baseAddress!.deinitialize(count: made)
            states.deallocate()
        }
        for k in 0..<jobs {
            (states.baseAddress! + k).initialize(to: try makeState())
            made += 1
        }
        let chunkCount = jobs == 1 ? 1 : jobs * chunksPerJob
        let outputs = UnsafeMutableBufferPointer<OutputBuffer>.allocate(capacity: chunkCount)
        outputs.initialize(repeating: OutputBuffer())
        let failures = UnsafeMutableBufferPointer<[RecordFailure]>.allocate(capacity: chunkCount)
        failures.initialize(repeating: [])
        defer {
            outputs.baseAddress!.deinitialize(count: chunkCount)
            outputs.deallocate()
            failures.baseAddress!.deinitialize(count: chunkCount)
            failures.deallocate()
        }
        var summary = Summary()
        var batch = LineBatch()
        var stdout = OutputBuffer(capacity: 0)
        while try source.nextBatch(into: &batch, maxLines: batchLines) {
            let lines = batch.count
            let chunks = min(chunkCount, lines)
            let shared = Shared(states: states, outputs: outputs, failures: failures)
            let work = { [batch] (worker: Int) in
                var k = shared.nextChunk.add(1, ordering: .relaxed).oldValue
                while k < chunks {
                    let from = k * lines / chunks
                    let to = (k + 1) * lines / chunks
                    shared.outputs[k].removeAll()
                    shared.failures[k].removeAll()
                    for index in from..<to {
                        let lineNumber = batch.firstLine + index
                        do throws(RecordFailure) {
                            try batch.withLine(index) { line throws(RecordFailure) in
                                try process(line, lineNumber, &shared.states[worker], &shared.outputs[k])
                            }
                        } catch {
                            shared.failures[k].append(error)
                            if !skipInvalid { break }
                        }
                    }
                    k = shared.nextChunk.add(1, ordering: .relaxed).oldValue
                }
            }
            if jobs == 1 {
                work(0)
            } else {
                let unchecked = UncheckedSendable(work)
                DispatchQueue.concurrentPerform(iterations: jobs) { unchecked.value($0) }
            }
            for k in 0..<chunks {
                stdout.append(outputs[k])
                summary.records += (k + 1) * lines / chunks - k * lines / chunks
                if let first = failures[k].first, !skipInvalid {
                    summary.records -= (k + 1) * lines / chunks - (first.line - batch.firstLine)
                    try stdout.flush()
                    throw InputError(source: source.name, line: first.line, first.message)
                }
                for failure in failures[k] {
                    summary.invalid += 1
                    summary.records -= 1
                    try stdout.flush()
                    FileHandleError.write("rowheight: error: \(source.name):\(failure.line): \(failure.message)\n")
                }
            }
            try stdout.flush()
            onBatch(summary)
        }
        return summary
    }

    /// The per-run shared slots; each worker touches only its own state and the chunks it took.
    private final class Shared: @unchecked Sendable {
        let states: UnsafeMutableBufferPointer<State>
        let outputs: UnsafeMutableBufferPointer<OutputBuffer>
        let failures: UnsafeMutableBufferPointer<[RecordFailure]>
        let nextChunk = Atomic<Int>(0)

        init(states: UnsafeMutableBufferPointer<State>, outputs: UnsafeMutableBufferPointer<OutputBuffer>,
             failures: UnsafeMutableBufferPointer<[RecordFailure]>) {
            self.states = states
            self.outputs = outputs
            self.failures = failures
        }
    }
}

/// Wraps a closure that is safe to share because each concurrent caller works on disjoint data.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// Writes diagnostics to standard error.
enum FileHandleError {
    static func write(_ text: String) {
        var copy = text
        copy.withUTF8 { bytes in _ = Foundation.write(2, bytes.baseAddress, bytes.count) }
    }
}
