import CLIReaders
import FuzzSupport

/// Fuzzes the command-line tool's CSV reader (see `CLIReaderFuzzing.csv`).
@main
enum FuzzCSV {
    static func main() {
        FuzzDriver.run { data, size in
            CLIReaderFuzzing.csv(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
    }
}
