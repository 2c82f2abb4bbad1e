#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts plain POSIX threads that nobody joins (what `Foundation.Thread { … }.start()` does,
/// without linking Foundation, whose loading alone costs the tool milliseconds at start-up).
enum DetachedThread {
    /// The closure handed to the new thread.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread (default stack size).
    ///
    /// - Throws: the `errno` of a failed `pthread_create` (out of memory or over the process
    ///   limit); `body` is then not run.
    static func start(_ body: @escaping @Sendable () -> Void) throws(SystemCall.Errno) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let result = pthread_create(&thread, nil, { context in
            #if canImport(Darwin)
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw SystemCall.Errno(code: result)
        }
        #if canImport(Darwin)
        pthread_detach(thread!)
        #else
        pthread_detach(thread)
        #endif
    }
}
