#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Entry points of the command-line readers' fuzz targets: each takes one libFuzzer input, runs
/// it through the tool's own `LineReader` and record parser (the files linked into this module),
/// and traps (so libFuzzer saves the input) when an invariant breaks. Clean errors are fine.
public enum CLIReaderFuzzing {
    /// Largest input tried: it must fit a pipe's buffer, written whole before reading starts.
    public static let maxInputLength = 32 * 1024

    /// JSON Lines: the first byte picks the read block size and batch length; the rest is the
    /// input. Every line is parsed; every field of an accepted line is read back.
    public static func jsonLines(_ data: UnsafeBufferPointer<UInt8>) {
        guard let (settings, input) = split(data) else { return }
        var parser = JSONLineParser()
        readLines(input, settings: settings, separator: nil) { line, _ in
            require(!line.contains(0x0A), "a JSON line holds a newline")
            do throws(JSONLineError) {
                try parser.parse(line)
            } catch {
                require(!error.description.isEmpty && error.column <= line.count + 1, "bad error \(error)")
                return
            }
            for field in parser.fields {
                require(field.key.upperBound <= line.count && field.value.upperBound <= line.count, "field out of line")
                let key = parser.key(field)
                require(parser.field(named: key) != nil, "field \(key) not found by its own key")
                switch field.kind {
                case .number:
                    require(parser.number(field) != nil, "number field without a number")
                case .string:
                    parser.withString(field) { bytes in
                        require(bytes.count <= field.value.count, "decoding lengthened a string")
                        require(UTF8Validation.firstInvalidByte(in: bytes) == nil, "decoded string is not UTF-8")
                    }
                default:
                    _ = parser.string(field)
                }
            }
        }
    }

    /// CSV and TSV: the first byte picks the separator, the read block size and batch length. The
    /// header and every record are parsed; an accepted record, written back with RFC 4180
    /// quoting, parses to the same fields.
    public static func csv(_ data: UnsafeBufferPointer<UInt8>) {
        guard let (settings, input) = split(data) else { return }
        let separator: UInt8 = settings & 1 == 0 ? 0x2C : 0x09
        var parser = CSVRecordParser(separator: separator)
        var again = CSVRecordParser(separator: separator)
        readLines(input, settings: settings, separator: separator) { record, _ in
            do throws(CSVRecordError) {
                try parser.parse(record)
            } catch {
                require(!error.description.isEmpty, "empty error description")
                return
            }
            require(parser.count >= 1, "a record without fields")
            var fields: [[UInt8]] = []
            for index in 0..<parser.count { fields.append(parser.withField(index) { Array($0) }) }
            var written: [UInt8] = []
            for (index, field) in fields.enumerated() {
                if index > 0 { written.append(separator) }
                written.append(0x22)
                for byte in field {
                    written.append(byte)
                    if byte == 0x22 { written.append(0x22) }
                }
                written.append(0x22)
            }
            written.withUnsafeBufferPointer { bytes in
                do {
                    try again.parse(bytes)
                } catch {
                    fatalError("CSV round trip: a quoted record failed: \(error)")
                }
                require(again.count == fields.count, "CSV round trip: field count")
                for index in 0..<fields.count {
                    again.withField(index) { require(Array($0) == fields[index], "CSV round trip: field \(index)") }
                }
            }
        }
    }

    /// The settings byte and the input after it, or `nil` for an input too short or too long.
    private static func split(_ data: UnsafeBufferPointer<UInt8>) -> (UInt8, UnsafeBufferPointer<UInt8>)? {
        guard data.count >= 1, data.count <= maxInputLength + 1 else { return nil }
        return (data[0], UnsafeBufferPointer(rebasing: data[1...]))
    }

    /// Feeds `input` through a pipe to a `LineReader` (cutting CSV/TSV records when `separator`
    /// is given) and calls `body` for every line or record.
    private static func readLines(
        _ input: UnsafeBufferPointer<UInt8>, settings: UInt8, separator: UInt8?,
        _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { fatalError("pipe failed") }
        defer { close(fds[0]) }
        if let base = input.baseAddress, input.count > 0 {
            let written = write(fds[1], base, input.count)
            require(written == input.count, "short write to the pipe")
        }
        close(fds[1])
        let blockSize = 16 << Int(settings >> 5)  // 16 B … 2 KiB: lines cross blocks often
        let maxLines = 1 + Int((settings >> 1) & 0xF)
        var reader = LineReader(fd: fds[0], blockSize: blockSize, separator: separator)
        var total = 0
        var lastLine = 0
        if separator != nil {
            do {
                if let (header, line) = try reader.firstRecord(name: "fuzz") {
                    require(line >= 1, "header on line \(line)")  // blank lines before it are skipped
                    header.withUnsafeBufferPointer { body($0, line) }
                    total += header.count
                    lastLine = line
                }
            } catch {
                fatalError("reading a pipe failed: \(error)")
            }
        }
        while true {
            let batch: LineBatch?
            do {
                batch = try reader.nextBatch(maxLines: maxLines, name: "fuzz")
            } catch {
                fatalError("reading a pipe failed: \(error)")
            }
            guard let batch else { break }
            require(batch.count >= 1, "an empty batch")
            batch.forEachLine { line, number in
                require(number > lastLine, "line numbers do not increase: \(number) after \(lastLine)")
                lastLine = number
                total += line.count
                body(line, number)
                return true
            }
        }
        require(total <= input.count, "more bytes in lines than in the input")
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
