import ArgumentParser
import TextMeasure
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MeasureCommand {
    /// `measure`'s arguments (after the word `measure`) parsed without argument-parser's
    /// reflection, which costs about 3 ms at every start — a few per cent of a 60,000-row run.
    ///
    /// Takes only plain command lines: long options each followed by its value as a separate
    /// argument, each given once (`--width` and `--font` may repeat), and the flags. Values are
    /// converted with the same `ExpressibleByArgument` initializers argument-parser uses, and
    /// the same `validate()` methods run. Anything else — a TEXT, `-i`, `--name=value`, a value
    /// that starts with `-` (but `-` itself) or is empty, help, an unknown or repeated option, a value that does
    /// not convert or does not validate — gives `nil`, and the caller parses with
    /// argument-parser, so messages and exit codes stay argument-parser's. Tests check that a
    /// command parsed here equals argument-parser's for the same arguments.
    static func parseFast(_ arguments: ArraySlice<String>) -> MeasureCommand? {
        var command = MeasureCommand()
        var style = StyleOptions()
        var execution = RunOptions()
        // The declared defaults (tests compare them with argument-parser's).
        command.text = nil
        command.input = nil
        command.inputFormat = nil
        command.textColumn = "text"
        command.format = nil
        command.widthList = []
        command.widthsCSV = nil
        command.template = nil
        command.json = false
        command.skipInvalid = false
        style.fonts = []
        style.size = 17
        style.lineBreak = .word
        style.maxLines = 0
        style.lineSpacing = 0
        style.lineHeightMultiple = 1
        style.scale = 1
        style.profile = .uikit
        execution.output = nil
        execution.progress = nil
        execution.stats = false

        var seen: Set<String> = []
        var i = arguments.startIndex
        while i < arguments.endIndex {
            let name = arguments[i]
            i += 1
            let repeatable = name == "--width" || name == "--font"
            guard name.hasPrefix("--"), repeatable || seen.insert(name).inserted else { return nil }
            switch name {
            case "--json": command.json = true
            case "--skip-invalid": command.skipInvalid = true
            case "--stats": execution.stats = true
            case "--progress", "--no-progress":
                guard execution.progress == nil else { return nil }
                execution.progress = name == "--progress"
            default:
                guard i < arguments.endIndex else { return nil }
                let value = arguments[i]
                i += 1
                guard !value.isEmpty, value == "-" || !value.hasPrefix("-"), assign(value, to: name, &command, &style, &execution)
                else { return nil }
            }
        }
        if !seen.contains("--jobs") { execution.jobs = ProcessInfo.processInfo.activeProcessorCount }
        command.style = style
        command.execution = execution
        do {
            try style.validate()
            try execution.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }

    /// Sets the option `name` to `value`; `false` if the option is unknown or the value does
    /// not convert.
    private static func assign(
        _ value: String, to name: String, _ command: inout MeasureCommand, _ style: inout StyleOptions,
        _ execution: inout RunOptions
    ) -> Bool {
        switch name {
        case "--input": command.input = value
        case "--input-format":
            guard let format = InputFormat(argument: value) else { return false }
            command.inputFormat = format
        case "--text-column": command.textColumn = value
        case "--format":
            guard let format = OutputFormat(argument: value) else { return false }
            command.format = format
        case "--width":
            guard let width = Double(argument: value) else { return false }
            command.widthList.append(width)
        case "--widths": command.widthsCSV = value
        case "--template": command.template = value
        case "--font": style.fonts.append(value)
        case "--size":
            guard let size = Double(argument: value) else { return false }
            style.size = size
        case "--line-break":
            guard let mode = LineBreakModeArgument(argument: value) else { return false }
            style.lineBreak = mode
        case "--max-lines":
            guard let lines = Int(argument: value) else { return false }
            style.maxLines = lines
        case "--line-spacing":
            guard let spacing = Double(argument: value) else { return false }
            style.lineSpacing = spacing
        case "--line-height-multiple":
            guard let multiple = Double(argument: value) else { return false }
            style.lineHeightMultiple = multiple
        case "--scale":
            guard let scale = Double(argument: value) else { return false }
            style.scale = scale
        case "--profile":
            guard let profile = LayoutProfile(argument: value) else { return false }
            style.profile = profile
        case "--jobs":
            guard let jobs = Int(argument: value) else { return false }
            execution.jobs = jobs
        case "--output": execution.output = value
        default: return false
        }
        return true
    }
}
