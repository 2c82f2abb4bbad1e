import Dispatch
import Synchronization

/// What the workers of an `OrderedPipeline` and its writer share: the finished batches waiting
/// to be written in order, spare output buffers, how the input ended, and the semaphores they
/// wait on. Everything mutable is behind one `Mutex`, taken once per batch.
final class PipelineChannel: Sendable {
    /// What the writer finds when it looks for the next batch to write.
    enum Next: Sendable {
        /// The batch, ready to write.
        case batch(BatchResult)
        /// Not there yet: wait on `resultReady` and look again.
        case notYet
        /// The input ended before this batch: cleanly (`nil`), or with a read error.
        case end(InputError?)
        /// A worker could not start: its `makeState` threw.
        case failed(any Error)
    }

    private struct Shared: Sendable {
        /// Finished batches by `index % slots.count`.
        var slots: [BatchResult?]
        var spareBuffers: [OutputBuffer] = []
        /// The number of batches in the input, once the end (or a read error) was met.
        var endIndex: Int?
        var readError: InputError?
        var setupError: (any Error)?
        /// Set when no more input should be read (a bad record, or the writer stopped).
        var stopReading = false
        /// The next ticket `takeTicket` hands out.
        var nextTicket = 0
    }

    private let shared: Mutex<Shared>
    /// Counts batch slots free to read into: a worker waits on it before reading a batch, the
    /// writer signals it after writing one. So at most `slots` batches are between reading and
    /// writing, whatever the size of the input.
    let slotFree: DispatchSemaphore
    /// Signalled whenever a batch is stored (or the input ended, or a worker failed).
    let resultReady = DispatchSemaphore(value: 0)
    private let workerExited = DispatchSemaphore(value: 0)
    private let workers: Int

    /// A channel for `workers` workers with room for `slots` batches in flight.
    init(slots: Int, workers: Int) {
        shared = Mutex(Shared(slots: Array(repeating: nil, count: slots)))
        // Starts at 0 and is raised: libdispatch traps when a semaphore is freed below its
        // initial value, which a run that stops early leaves it at.
        slotFree = DispatchSemaphore(value: 0)
        for _ in 0..<slots { slotFree.signal() }
        self.workers = workers
    }

    // MARK: - Workers' side

    /// Whether workers may read another batch.
    var mayRead: Bool { shared.withLock { !$0.stopReading } }

    /// The next number of 0, 1, 2, … — for workers that make their batches themselves (rather
    /// than read them from an `InputSource`) to take batch indices in order.
    func takeTicket() -> Int {
        shared.withLock { shared in
            defer { shared.nextTicket += 1 }
            return shared.nextTicket
        }
    }

    /// An empty output buffer, recycled when possible.
    func spareBuffer() -> OutputBuffer {
        shared.withLock { $0.spareBuffers.popLast() } ?? OutputBuffer(capacity: 1 << 16)
    }

    /// Stores a finished batch for the writer.
    ///
    /// - Parameter stopReading: whether this batch ends the run (a bad record, not skipped), so
    ///   nothing after it needs reading.
    func store(_ result: BatchResult, stopReading: Bool) {
        shared.withLock { shared in
            shared.slots[result.index % shared.slots.count] = result
            if stopReading { shared.stopReading = true }
        }
        resultReady.signal()
    }

    /// Records that the input has `batches` batches, and the read error that ended it if any.
    func endInput(batches: Int, error: InputError?) {
        shared.withLock { shared in
            shared.endIndex = batches
            if let error { shared.readError = error }
        }
        resultReady.signal()
    }

    /// Records that a worker could not make its state.
    func fail(_ error: any Error) {
        shared.withLock { shared in
            if shared.setupError == nil { shared.setupError = error }
            shared.stopReading = true
        }
        resultReady.signal()
    }

    /// Called by each worker as it exits.
    func workerDidExit() { workerExited.signal() }

    // MARK: - Writer's side

    /// Takes batch `index` if it is ready.
    func take(_ index: Int) -> Next {
        shared.withLock { shared -> Next in
            if let error = shared.setupError { return .failed(error) }
            let slot = index % shared.slots.count
            if let result = shared.slots[slot], result.index == index {
                shared.slots[slot] = nil
                return .batch(result)
            }
            if let end = shared.endIndex, end == index { return .end(shared.readError) }
            return .notYet
        }
    }

    /// Hands a written batch's buffer back for reuse and frees its slot.
    func recycle(_ buffer: consuming OutputBuffer) {
        var spare = buffer  // moved, still the only reference: emptying it copies nothing
        spare.removeAll()
        shared.withLock { [spare] shared in shared.spareBuffers.append(spare) }
        slotFree.signal()
    }

    /// Starts the channel's `workers` threads, each running `body`, which must call
    /// `workerDidExit()` when it ends.
    ///
    /// - Throws: `CLIError` if the system cannot start a thread; the threads already started are
    ///   stopped first.
    func startWorkers(_ body: @escaping @Sendable () -> Void) throws(CLIError) {
        for started in 0..<workers {
            do throws(SystemCall.Errno) {
                try DetachedThread.start(body)
            } catch {
                for _ in started..<workers { workerDidExit() }  // never started, so never to exit
                stop()
                throw CLIError(
                    "cannot start worker thread \(started + 1) of \(workers): \(error.description); try a smaller --jobs")
            }
        }
    }

    /// Stops the workers (they finish the batch in hand) and waits until all have exited, or
    /// until `deadline` if one is given.
    ///
    /// A deadline is for runs that end early (a bad record, a write error): a worker may be
    /// blocked reading a stream that is still open (a terminal, a slow producer), and the error
    /// should not wait for more input. Such a worker ends when its read returns; it writes nothing.
    func stop(waitingUntil deadline: DispatchTime? = nil) {
        shared.withLock { $0.stopReading = true }
        for _ in 0..<workers { slotFree.signal() }
        for _ in 0..<workers {
            if let deadline {
                guard workerExited.wait(timeout: deadline) == .success else { return }
            } else {
                workerExited.wait()
            }
        }
    }
}
