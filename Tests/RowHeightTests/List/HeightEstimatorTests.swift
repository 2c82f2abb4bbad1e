import Testing

@testable import RowHeight

@Suite struct HeightEstimatorTests {
    @Test func constantAndPerRow() {
        #expect(HeightEstimator.constant(44).estimate(forRow: 7, width: 320) == 44)
        let perRow = HeightEstimator.perRow { row, width in Double(row) + width / 100 }
        #expect(perRow.estimate(forRow: 7, width: 300) == 10)
        var constant = HeightEstimator.constant(44)
        constant.learn(height: 100, width: 320)
        #expect(constant.estimate(forRow: 0, width: 320) == 44)
        #expect(constant.sampleCount == 0)
    }

    @Test func learnedStartsAtItsConstantAndLearnsTheMean() {
        var estimator = HeightEstimator.learned(startingAt: 50)
        #expect(estimator.estimate(forRow: 0, width: 320) == 50)
        for height in [30.0, 40, 50, 60] { estimator.learn(height: height, width: 320) }
        #expect(estimator.sampleCount == 4)
        #expect(estimator.estimate(forRow: 99, width: 320) == 45)
    }

    @Test func learnedFitsHeightAgainstLengthPerWidth() {
        // Rows of height 20 + 0.5 × length at width 100 (i.e. 20 + 50 × length / width).
        var estimator = HeightEstimator.learned()
        for length in stride(from: 10.0, through: 200, by: 10) {
            estimator.learn(height: 20 + 0.5 * length, features: RowFeatures(length: length), width: 100)
        }
        let estimate = estimator.estimate(forRow: 0, features: RowFeatures(length: 400), width: 100)
        #expect(abs(estimate - 220) < 1e-9)
        // At twice the width, the same text is about half as many lines.
        let wide = estimator.estimate(forRow: 0, features: RowFeatures(length: 400), width: 200)
        #expect(abs(wide - 120) < 1e-9)
    }

    @Test func kindsAreFittedSeparatelyAndUnseenKindsUseThePool() {
        var estimator = HeightEstimator.learned(startingAt: 44)
        for _ in 0..<5 {
            estimator.learn(height: 30, features: RowFeatures(kind: 1), width: 320)
            estimator.learn(height: 90, features: RowFeatures(kind: 2), width: 320)
        }
        #expect(estimator.estimate(forRow: 0, features: RowFeatures(kind: 1), width: 320) == 30)
        #expect(estimator.estimate(forRow: 0, features: RowFeatures(kind: 2), width: 320) == 90)
        #expect(estimator.estimate(forRow: 0, features: RowFeatures(kind: 7), width: 320) == 60)
    }

    @Test func aNegativeSlopeIsNotExtrapolated() {
        var estimator = HeightEstimator.learned()
        estimator.learn(height: 100, features: RowFeatures(length: 10), width: 100)
        estimator.learn(height: 50, features: RowFeatures(length: 20), width: 100)
        #expect(estimator.estimate(forRow: 0, features: RowFeatures(length: 1000), width: 100) == 75)
        #expect(estimator.estimate(forRow: 0, features: RowFeatures(length: .nan), width: 100) == 75)
    }

    @Test func aLargeListIsEstimatedFromRowFeaturesOnAllCores() throws {
        let measurer = RowMeasurer(features: { RowFeatures(length: Double($0 % 500), kind: UInt8($0 % 3)) }) { _, _ in
            30
        }
        var estimator = HeightEstimator.learned()
        for length in stride(from: 0.0, through: 400, by: 50) {
            for kind: UInt8 in 0..<3 {
                estimator.learn(
                    height: 20 + Double(kind) * 10 + length / 4, features: RowFeatures(length: length, kind: kind),
                    width: 320)
            }
        }
        let list = try ListHeightCore(rowCount: 500_000, width: 320, measurer: measurer, estimator: estimator)
        for row in stride(from: 0, to: 500_000, by: 7919) {
            let expected = estimator.estimate(forRow: row, features: measurer.features(ofRow: row), width: 320)
            #expect(abs(try list.height(ofRow: row) - expected) <= 1.0 / 384)
        }
    }

    @Test func mergedFitsEqualSequentialFits() {
        var generator = SeededGenerator(seed: 5)
        let samples = (0..<500).map { _ in
            (Double.random(in: 0...3, using: &generator), Double.random(in: 10...200, using: &generator))
        }
        var sequential = LinearFit()
        for (x, y) in samples { sequential.add(x: x, y: y) }
        var left = LinearFit()
        var right = LinearFit()
        for (i, (x, y)) in samples.enumerated() {
            if i % 3 == 0 { left.add(x: x, y: y) } else { right.add(x: x, y: y) }
        }
        left.merge(right)
        let a = sequential.coefficients!
        let b = left.coefficients!
        #expect(abs(a.intercept - b.intercept) < 1e-9)
        #expect(abs(a.slope - b.slope) < 1e-9)
    }

    /// English-like rows wrapped at a width: 11 pt of insets, 20.35 pt lines (DejaVu Sans 17 on
    /// the pixel grid), about 8.6 pt per character, lengths from short labels to paragraphs. After
    /// learning from one screen of rows, the learned estimate's mean absolute error on the rest is at
    /// most a third of a constant 44 pt estimate's.
    @Test func learnedEstimatesBeatAConstantByThreeTimesOnWrappedText() {
        var generator = SeededGenerator(seed: 2024)
        let width = 375.0
        func rowHeight(_ characters: Int) -> Double {
            let perLine = Int((width - 32) / 8.6)
            let lines = max(1, (characters + perLine - 1) / perLine)
            return ((Double(lines) * 20.35 + 22) * 3).rounded(.up) / 3
        }
        let lengths = (0..<2000).map { _ in
            Int.random(in: 0..<10, using: &generator) < 6
                ? Int.random(in: 8...90, using: &generator) : Int.random(in: 90...600, using: &generator)
        }
        var estimator = HeightEstimator.learned(startingAt: 44)
        for length in lengths.prefix(20) {
            estimator.learn(height: rowHeight(length), features: RowFeatures(length: Double(length)), width: width)
        }
        var learnedError = 0.0
        var constantError = 0.0
        for length in lengths.dropFirst(20) {
            let actual = rowHeight(length)
            learnedError += abs(
                estimator.estimate(forRow: 0, features: RowFeatures(length: Double(length)), width: width) - actual)
            constantError += abs(44 - actual)
        }
        #expect(learnedError <= constantError / 3)
    }
}

@Suite struct HeightEstimatorTableTests {
    /// A fit with a negative intercept (heights 0 and 40 pt at 10 and 50 characters per 100 pt):
    /// the estimate is `max(0, −10 + length)` and the model's estimates follow it exactly, not a
    /// line through the clamped values at two lengths.
    @Test func aNegativeInterceptIsClampedPerRowNotBent() throws {
        var estimator = HeightEstimator.learned()
        estimator.learn(height: 0, features: RowFeatures(length: 10), width: 100)
        estimator.learn(height: 40, features: RowFeatures(length: 50), width: 100)
        let lengths: [Double] = [0, 5, 10, 20, 50, 80]
        let measurer = RowMeasurer(features: { RowFeatures(length: lengths[$0]) }) { _, _ in 1 }
        let list = try ListHeightCore(rowCount: lengths.count, width: 100, measurer: measurer, estimator: estimator)
        for (row, length) in lengths.enumerated() {
            let expected = max(0, length - 10)
            #expect(
                abs(estimator.estimate(forRow: row, features: RowFeatures(length: length), width: 100) - expected)
                    < 1e-9)
            #expect(abs(try list.height(ofRow: row) - expected) <= 1.0 / 384, "length \(length)")
        }
    }
}
