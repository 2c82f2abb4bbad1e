import Foundation

/// Plain threads for the benchmarks that compare one thread with two (the harness holds one of
/// the two cooperative threads, and `concurrentPerform` may use fewer threads when busy).
public enum BenchmarkThreads {
    /// Calls `body(thread)` for each `thread` in `0..<count`, each on a thread of its own, all
    /// started before any is waited for; returns when every call has returned.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchSemaphore(value: 0)
        for thread in 0..<count {
            Thread {
                body(thread)
                done.signal()
            }.start()
        }
        for _ in 0..<count { done.wait() }
    }
}
