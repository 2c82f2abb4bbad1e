import Dispatch
import Synchronization

/// Runs async work to completion from synchronous code (the command's `run()`): the work runs as a
/// task on Swift's cooperative pool while the calling thread — which is not part of that pool —
/// waits for it.
enum BlockingTask {
    /// The result slot shared between the task and the waiting thread (a `Mutex` cannot be captured).
    private final class Outcome<T: Sendable>: Sendable {
        let result = Mutex<Result<T, any Error>?>(nil)
    }

    /// Runs `body` and returns its result (or throws its error).
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.result.withLock { $0! }.get()
    }
}
