extension HeightEstimator {
    /// The estimator frozen at one width, ready to estimate millions of rows: per-kind coefficients
    /// are looked up in flat arrays, estimates come out as fixed-point entries.
    struct Table: Sendable {
        let width: Double
        private let strategy: Strategy
        /// Per kind (256): intercept in points.
        private let intercepts: [Double]
        /// Per kind (256): slope in points per unit of length at this width.
        private let slopes: [Double]
        /// The entry of every row when the estimate does not depend on the row.
        let uniformEntry: UInt32?

        init(_ estimator: HeightEstimator, width: Double, rowsHaveFeatures: Bool) {
            self.width = width
            self.strategy = estimator.strategy
            switch estimator.strategy {
            case .constant(let height):
                intercepts = []
                slopes = []
                uniformEntry = FixedPointHeight.quanta(ofEstimate: height)
            case .perRow:
                intercepts = []
                slopes = []
                uniformEntry = nil
            case .learned(let initial):
                var intercepts = [Double](repeating: initial, count: 256)
                var slopes = [Double](repeating: 0, count: 256)
                for kind in 0..<256 {
                    // The unclamped affine estimate; `quanta(ofEstimate:)` clamps it at 0 per row, as
                    // `estimate(forRow:features:width:)` does (reading the clamped estimate at two
                    // lengths would bend the line where the fit's intercept is negative).
                    guard let (intercept, slope) = estimator.affine(kind: UInt8(kind), width: width) else { continue }
                    intercepts[kind] = intercept
                    slopes[kind] = slope
                }
                self.intercepts = intercepts
                self.slopes = slopes
                uniformEntry =
                    rowsHaveFeatures
                    ? nil
                    : FixedPointHeight.quanta(ofEstimate: estimator.estimate(forRow: 0, width: width))
            }
        }

        /// The estimate entry (exact flag clear) of one row.
        @inline(__always)
        func entry(ofRow row: Int, features: (any RowFeatureProviding)?) -> UInt32 {
            if let uniformEntry { return uniformEntry }
            switch strategy {
            case .perRow(let estimate):
                return FixedPointHeight.quanta(ofEstimate: estimate(row, width))
            case .constant, .learned:
                let rowFeatures = features?.features(ofRow: row) ?? RowFeatures()
                let length = rowFeatures.usableLength
                let kind = Int(rowFeatures.kind)
                return FixedPointHeight.quanta(ofEstimate: intercepts[kind] + slopes[kind] * length)
            }
        }

        /// Writes the estimate entries of `rows` into `buffer` (`buffer[i]` ↔ `rows.lowerBound + i`).
        /// When it reads the rows' features (learned estimates from row features) and `lengthTally`
        /// is given (`RowLengthStatistics.tallyCount` values), it also adds 1 to `lengthTally[kind]`
        /// and the row's length to `lengthTally[256 + kind]` for every row.
        /// O(rows): one feature call and a multiply-add per row, or a fill when uniform.
        func fill(
            _ rows: Range<Int>, features: (any RowFeatureProviding)?, into buffer: UnsafeMutableBufferPointer<UInt32>,
            lengthTally: UnsafeMutableBufferPointer<Double>? = nil
        ) {
            if let uniformEntry {
                buffer.update(repeating: uniformEntry)
                return
            }
            switch strategy {
            case .perRow(let estimate):
                for row in rows {
                    buffer[row - rows.lowerBound] = FixedPointHeight.quanta(ofEstimate: estimate(row, width))
                }
            case .constant, .learned:
                if let features {
                    fill(rows, provider: features, into: buffer, lengthTally: lengthTally)  // opens the existential once
                } else {
                    buffer.update(repeating: entry(ofRow: rows.lowerBound, features: nil))
                }
            }
        }

        private func fill(
            _ rows: Range<Int>, provider: some RowFeatureProviding, into buffer: UnsafeMutableBufferPointer<UInt32>,
            lengthTally: UnsafeMutableBufferPointer<Double>?
        ) {
            intercepts.withUnsafeBufferPointer { intercepts in
                slopes.withUnsafeBufferPointer { slopes in
                    var i = 0
                    for row in rows {
                        let features = provider.features(ofRow: row)
                        let length = features.usableLength
                        let kind = Int(features.kind)
                        buffer[i] = FixedPointHeight.quanta(ofEstimate: intercepts[kind] + slopes[kind] * length)
                        if let lengthTally {
                            lengthTally[kind] += 1
                            lengthTally[256 + kind] += length
                        }
                        i += 1
                    }
                }
            }
        }
    }
}
