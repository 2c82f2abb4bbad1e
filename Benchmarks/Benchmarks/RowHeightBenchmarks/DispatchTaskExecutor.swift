import Dispatch

/// A task executor that runs jobs on a concurrent dispatch queue (dispatch's worker threads, not
/// Swift's cooperative pool).
///
/// package-benchmark waits for an async benchmark by blocking one thread of the cooperative pool,
/// which on a 2-core machine leaves one thread for the benchmark's tasks: a precompute on "2 tasks"
/// would then run one task at a time. Running the precompute under this executor's preference
/// (child tasks inherit it) gives its tasks the machine's cores, as they have in an app or the CLI.
final class DispatchTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "RowHeightBenchmarks.precompute", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
