#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ranges of the tool's numeric options, in one place.
enum OptionRanges {
    /// `--size`, points. (Sizes, multiples and scales near 0 would give lines of height 0:
    /// their metrics underflow.)
    static let fontSize = OptionRange<Double>(0.01...10_000)
    /// `--line-spacing`, points.
    static let lineSpacing = OptionRange<Double>(0...10_000)
    /// `--line-height-multiple`.
    static let lineHeightMultiple = OptionRange<Double>(0.01...100)
    /// `--scale` (pixels per point).
    static let scale = OptionRange<Double>(0.01...1000)
    /// `--max-lines` (0 = unlimited).
    static let maxLines = OptionRange<Int>(0...1_000_000_000)
    /// `--width`, `--widths` and `--viewport`, points.
    static let length = OptionRange<Double>(above: 0, upTo: 1_000_000)
    /// `--jobs`: worker threads.
    static let jobs = OptionRange<Int>(1...256)
    /// `dataset --rows`.
    static let rows = OptionRange<Int>(0...1_000_000_000)
    /// `simulate --steps`.
    static let steps = OptionRange<Int>(0...100_000_000)
    /// `simulate --estimate`, points.
    static let estimate = OptionRange<Double>(0...1_000_000)

    /// The default `--jobs`: the active processors, at most the largest allowed value.
    static var defaultJobs: Int { min(max(1, ProcessInfo.processInfo.activeProcessorCount), jobs.upper) }
}
