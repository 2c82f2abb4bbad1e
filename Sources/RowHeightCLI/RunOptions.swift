import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Options of the commands that stream many records: threads, where the output goes, progress
/// and the final summary.
struct RunOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Worker threads (1 to 256); the default is the number of active processors.", valueName: "n"))
    var jobs: Int = OptionRanges.defaultJobs

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the output to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Show a progress line on stderr (default: when stderr is a terminal and the output is not).")
    var progress: Bool?

    @Flag(
        help: "Print a summary (rows, seconds, rows/s, peak memory; rows with characters no font covers) to stderr at the end.")
    var stats = false

    func validate() throws {
        try OptionRanges.jobs.check(jobs, option: "--jobs")
    }

    /// The writer of the output: the file of `--output` (created now), or standard output.
    ///
    /// The output never replaces the input being read: if `--output` names the same file as
    /// `input` (by device and inode, so also through a symbolic or hard link, or when the input is
    /// standard input redirected from that file), it is refused before the file is touched.
    ///
    /// - Parameter input: the input the run reads, if any.
    /// - Throws: `CLIError` if the output is the input or the file cannot be created.
    func makeWriter(reading input: InputSource? = nil) throws(CLIError) -> OutputWriter {
        guard let output, output != "-" else { return OutputWriter() }
        if let read = input?.identity, FileIdentity(path: output) == read {
            let name = input?.name ?? ""
            throw CLIError(
                "\(output): is the input (\(name)): refusing to replace a file while reading it; write to another file")
        }
        return try OutputWriter(path: output)
    }

    /// The progress line of a run, drawn as `--progress` / `--no-progress` say or, by default, when
    /// stderr is a terminal and the output is not.
    ///
    /// - Parameter fraction: how much of the work is done (0…1), when that is known.
    func makeProgress(fraction: @escaping () -> Double?) -> ProgressReporter {
        let toTerminal = (output == nil || output == "-") && isatty(1) != 0
        return ProgressReporter(option: progress, outputIsTerminal: toTerminal, fraction: fraction)
    }

    /// Prints the `--stats` summary if it was asked for (with the rows holding characters no
    /// font covers, for a run that measures).
    func printStatistics(rows: Int, since start: ContinuousClock.Instant, missing: MissingGlyphLog? = nil) {
        guard stats else { return }
        let seconds = ProgressReporter.seconds(ContinuousClock.now - start)
        var statistics = RunStatistics(rows: rows, seconds: seconds)
        if let missing { statistics.missing = (missing.rows, missing.clusters) }
        StandardError.write(statistics.description + "\n")
    }
}
