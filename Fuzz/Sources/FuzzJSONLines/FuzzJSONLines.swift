import CLIReaders
import FuzzSupport

/// Fuzzes the command-line tool's JSONLines reader (see `CLIReaderFuzzing.jsonLines`).
@main
enum FuzzJSONLines {
    static func main() {
        FuzzDriver.run { data, size in
            CLIReaderFuzzing.jsonLines(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
    }
}
