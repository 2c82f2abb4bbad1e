import RowHeight

/// A user scrolling a list: from the top, `steps` seeded random moves — mostly short flings up
/// and down, sometimes a long jump anywhere — each time asking the model for the visible rows, as
/// a scroll view does on every frame that shows new content.
///
/// Each viewport prepares half a screen above and below (overscan), as a list prefetches the rows
/// about to scroll in: rows above the first visible one are measured too, and replacing their
/// estimates is what the anchoring must hide. Offsets follow the model: each move starts from the offset the last viewport returned (the
/// anchored one) and is clamped to the content, as a scroll view clamps. When the learning
/// estimator has learned from twice as many rows as at the last re-estimate, the model
/// re-estimates the rest (so the scroll bar follows what was learned).
struct ScrollSimulation {
    let model: ListHeightModel
    /// The viewport height, points.
    let viewport: Double
    let steps: Int
    var random: SplitMix64
    /// Whether to re-estimate as the estimator learns.
    let reestimates: Bool

    private var offset = 0.0
    private var maxShift = 0.0
    private var estimateError = 0.0
    private var rowsMeasuredScrolling = 0
    private var samplesAtLastReestimate = 0
    private var stepNanoseconds: [Int64] = []

    init(model: ListHeightModel, viewport: Double, steps: Int, seed: UInt64, reestimates: Bool) {
        self.model = model
        self.viewport = viewport
        self.steps = steps
        self.random = SplitMix64(seed: seed)
        self.reestimates = reestimates
    }

    /// Runs the moves and reports; `contentHeightInitial` is the caller's.
    ///
    /// - Throws: the model's `ListHeightError` (a row that cannot be measured).
    mutating func run(contentHeightInitial: Double) throws(ListHeightError) -> SimulationReport {
        stepNanoseconds.reserveCapacity(steps + 1)
        try step(to: 0)
        for _ in 0..<steps { try step(to: nextTarget()) }
        let sorted = stepNanoseconds.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let rank = Swift.min(sorted.count - 1, Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
            return Double(sorted[rank]) / 1000
        }
        let rows = model.rowCount
        return SimulationReport(
            rows: rows, measuredRows: model.exactRowCount, contentHeightInitial: contentHeightInitial,
            contentHeightFinal: model.contentHeight, maxAnchorShift: maxShift,
            estimateMeanAbsError: rowsMeasuredScrolling > 0 ? estimateError / Double(rowsMeasuredScrolling) : nil,
            stepTimeP50Us: percentile(0.5), stepTimeP99Us: percentile(0.99),
            bytesPerRow: rows > 0 ? Double(model.allocatedBytes) / Double(rows) : 0)
    }

    /// The next offset the user scrolls to: 85% flings of up to two screens (two thirds of them
    /// down), 15% jumps to anywhere; clamped to the content.
    private mutating func nextTarget() -> Double {
        let content = model.contentHeight
        let target: Double
        if Double.random(in: 0..<1, using: &random) < 0.85 {
            let distance = Double.random(in: 0.05...2, using: &random) * viewport
            target = offset + (Double.random(in: 0..<1, using: &random) < 2.0 / 3 ? distance : -distance)
        } else {
            target = Double.random(in: 0...Swift.max(0, content), using: &random)
        }
        return Swift.min(Swift.max(0, target), Swift.max(0, content - viewport))
    }

    /// One move: shows the viewport at `target`, then re-estimates when due; checks where the first
    /// visible row ends up on screen. Only the model's work is timed.
    private mutating func step(to target: Double) throws(ListHeightError) {
        let clock = ContinuousClock()
        guard model.rowCount > 0 else {
            let start = clock.now
            _ = try model.show(Viewport(offset: target, height: viewport, overscan: viewport / 2))
            record(clock.now - start)
            return
        }
        let first = model.row(atOffset: target) ?? (target < 0 ? 0 : model.rowCount - 1)
        let screenTop = try model.offset(ofRow: first) - target
        let start = clock.now
        let layout = try model.show(Viewport(offset: target, height: viewport, overscan: viewport / 2))
        var elapsed = clock.now - start
        offset = layout.offset
        try noteMovement(of: first, wasAt: screenTop)
        rowsMeasuredScrolling += layout.measuredRowCount
        estimateError += layout.estimateError
        let samples = model.estimator.sampleCount
        if reestimates, samples > 0, samples >= 2 * samplesAtLastReestimate, let visible = layout.visibleRows.first {
            samplesAtLastReestimate = samples
            let visibleTop = try model.offset(ofRow: visible) - offset
            let reestimateStart = clock.now
            offset = model.reestimate().offset
            elapsed += clock.now - reestimateStart
            try noteMovement(of: visible, wasAt: visibleTop)
        }
        record(elapsed)
    }

    /// Records how far `row`, whose top was `screenTop` points below the top of the screen, moved.
    ///
    /// Every height and offset the model holds is a whole number of 1/192 pt, so the difference of
    /// the two screen positions is taken in those units: floating-point noise in the offsets
    /// (≪ 1/384 pt) is not mistaken for a movement, and every real one is counted exactly.
    private mutating func noteMovement(of row: Int, wasAt screenTop: Double) throws(ListHeightError) {
        let now = try model.offset(ofRow: row) - offset
        let shift = abs(((now - screenTop) * 192).rounded()) / 192
        maxShift = Swift.max(maxShift, shift)
    }

    private mutating func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        stepNanoseconds.append(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
