import ArgumentParser
import RowHeight
import TextMeasure

/// `rowheight simulate`: a user scrolling the input rows through the list height model.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate scrolling a list of the input rows with estimated and exact heights.",
        discussion: """
            Reads rows (JSON Lines objects with a string "text", or CSV/TSV with a header row, as measure does; --text-column names another column or key; with --template, the template's fields) into a list height model at --width, then, from the top, makes --steps seeded random moves (short flings and long jumps), each time asking the model for the visible rows of a screen --viewport points tall (and half a screen above and below, prefetched).

            Prints rows, measuredRows, contentHeightInitial, contentHeightFinal, maxAnchorShift (the largest on-screen movement of the first visible row caused by estimate corrections: 0), estimateMeanAbsError (mean |estimate − exact| of the rows measured while scrolling, when they were measured), stepTimeP50Us, stepTimeP99Us and bytesPerRow. With --precompute every row is measured first, on all cores, and contentHeightFinal is the sum of the heights `rowheight measure` prints.

            Examples:
              rowheight simulate --input Examples/sample.jsonl --width 375 --json
              rowheight simulate --input rows.jsonl --steps 5000 \\
                --template Examples/templates/table-cell.json
              rowheight simulate --input rows.jsonl --estimate 44 --precompute

            """
    )

    @OptionGroup(title: "Input") var rows: InputOptions

    @Option(
        help: ArgumentHelp(
            "A cell template (JSON, see the README): the rows carry its fields and each row is a cell.",
            valueName: "file"))
    var template: String?

    @OptionGroup var style: StyleOptions

    @OptionGroup(title: "Missing glyphs") var glyphs: MissingGlyphOptions

    @Option(help: ArgumentHelp("List width in points.", valueName: "pt"))
    var width: Double = 375

    @Option(help: ArgumentHelp("Viewport height in points.", valueName: "pt"))
    var viewport: Double = 800

    @Option(
        help: ArgumentHelp(
            "Estimates of unmeasured rows: auto (learned from the rows measured so far, from 44 pt) or a constant in points.",
            valueName: "auto|pt"))
    var estimate: EstimateArgument = .auto

    @Option(help: ArgumentHelp("Number of random moves.", valueName: "k"))
    var steps: Int = 1000

    @Option(help: ArgumentHelp("Seed of the random moves.", valueName: "s"))
    var seed: UInt64 = 1

    @Flag(help: "Measure every row first, in parallel on all cores.")
    var precompute = false

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        try OptionRanges.length.check(width, option: "--width")
        try OptionRanges.length.check(viewport, option: "--viewport")
        try OptionRanges.steps.check(steps, option: "--steps")
        if case .points(let points) = estimate { try OptionRanges.estimate.check(points, option: "--estimate") }
    }

    func run() throws {
        // Fonts and template first: their errors come before any input is read.
        let template = try self.template.map(TemplateFile.load)
        let measurer = template == nil ? try TextMeasurer(style: try style.makeStyle()) : nil
        let (source, layout) = try self.rows.open(
            fields: template?.fields, optional: template.map(TemplateFile.optionalFields))
        let rows = try SimulationRows.load(source, layout: layout)
        // Every row is checked for characters no font covers, not only the rows the moves measure.
        let log = glyphs.makeLog()
        for row in 0..<rows.count {
            let missing = template.map { $0.missingClusters(in: rows.values(ofRow: row)) }
                ?? rows.withBytes(ofRow: row, field: 0) { measurer?.missingClusters(utf8: $0) ?? (0, nil) }
            do {
                try log.note(line: rows.line(ofRow: row), count: missing.count, first: missing.first)
            } catch {
                throw error.inputError(source: source.name)
            }
        }
        let report: SimulationReport
        do {
            switch (template, measurer) {
            case (let template?, _):
                report = try simulate(SimulationTemplateRows(rows: rows, template: template), rowCount: rows.count)
            case (nil, let measurer?):
                report = try simulate(SimulationTextRows(rows: rows, measurer: measurer), rowCount: rows.count)
            case (nil, nil):
                preconditionFailure("a text measurer is made whenever there is no template")
            }
        } catch let error as ListHeightError {
            throw Self.reported(error, source: source.name, line: rows.line(ofRow:))
        }
        var out = OutputBuffer()
        if json { report.appendJSON(to: &out) } else { report.appendText(to: &out) }
        try out.flush()
        log.printWarning(source: source.name)
    }

    /// Builds the model over `rows`, precomputes if asked, and runs the moves.
    private func simulate(_ rows: some RowFeatureProviding, rowCount: Int) throws -> SimulationReport {
        let model = try ListHeightModel(rowCount: rowCount, width: width, measurer: rows, estimator: estimate.estimator)
        let contentHeightInitial = model.contentHeight
        if precompute { _ = try BlockingTask.run { try await model.precompute() } }
        var simulation = ScrollSimulation(
            model: model, viewport: viewport, steps: steps, seed: seed, reestimates: estimate == .auto)
        return try simulation.run(contentHeightInitial: contentHeightInitial)
    }

    /// The model's error as users see it: a row that cannot be measured names its input line.
    ///
    /// - Parameter line: the input line of a row.
    static func reported(_ error: ListHeightError, source: String, line: (Int) -> Int) -> any Error {
        switch error {
        case .measurementFailed(let row, _, let underlying):
            return InputError(source: source, line: line(row), "\(underlying)")
        case .invalidHeight(let row?, _, let height):
            return InputError(source: source, line: line(row), "the row's height \(height) is not a height in points")
        default:
            return CLIError(error.description)
        }
    }
}

/// `--estimate auto|POINTS`.
enum EstimateArgument: ExpressibleByArgument, Equatable {
    case auto
    case points(Double)

    init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let points = Double(argument) {
            self = .points(points)
        } else {
            return nil
        }
    }

    /// The model's estimator.
    var estimator: HeightEstimator {
        switch self {
        case .auto: .learned(startingAt: 44)
        case .points(let points): .constant(points)
        }
    }
}
