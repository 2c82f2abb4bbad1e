import CLibFuzzer

/// Starts libFuzzer from a fuzz target's `main`, with the process's command line (libFuzzer's
/// options, corpus folders, crash files to replay).
public enum FuzzDriver {
    /// Runs libFuzzer on `body` (called once per input) and returns its exit code.
    public static func run(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, body)
        exit(status)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
