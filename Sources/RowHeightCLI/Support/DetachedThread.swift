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
    /// - Precondition: the system can create the thread (`pthread_create` fails only when
    ///   out of resources, which the tool cannot recover from).
    static func start(_ body: @escaping @Sendable () -> Void) {
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
        precondition(result == 0, "cannot start a thread: \(String(cString: strerror(result)))")
        #if canImport(Darwin)
        pthread_detach(thread!)
        #else
        pthread_detach(thread)
        #endif
    }
}
