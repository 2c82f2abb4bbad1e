#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line as `rowheight` hands it to argument-parser: checked for valid UTF-8 and with
/// negative numbers joined to their options.
enum CommandLineArguments {
    /// The arguments after the program name, from the process's raw `argv`.
    ///
    /// - Throws: `InputError` for an argument that is not valid UTF-8 (Swift would otherwise
    ///   read it with U+FFFD in place of the bad bytes and measure a text nobody gave).
    static func current() throws(InputError) -> [String] {
        var arguments: [String] = []
        for k in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[k] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
                throw InputError("argument \(k) is not valid UTF-8 (byte \(bad + 1)); give texts and paths in UTF-8")
            }
            arguments.append(String(decoding: bytes, as: UTF8.self))
        }
        return joiningNegativeNumbers(arguments)
    }

    /// `arguments` with every `--option -5` written `--option=-5`, so that argument-parser reads a
    /// negative number as the option's value (and the range check names it) instead of taking it
    /// for an unknown option. Nothing after `--` changes.
    static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(arguments.count)
        var k = 0
        while k < arguments.count {
            let argument = arguments[k]
            if argument == "--" {
                result.append(contentsOf: arguments[k...])
                break
            }
            if argument.hasPrefix("--"), !argument.contains("="), k + 1 < arguments.count,
                isNegativeNumber(arguments[k + 1])
            {
                result.append(argument + "=" + arguments[k + 1])
                k += 2
                continue
            }
            result.append(argument)
            k += 1
        }
        return result
    }

    /// Whether `text` is a negative number (`-5`, `-0.5`, `-.5`, `-1e3`), not an option name.
    static func isNegativeNumber(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "-") else { return false }
        let second = utf8[1]
        guard (second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9")) || second == UInt8(ascii: ".") else {
            return false
        }
        return Double(text) != nil
    }
}
