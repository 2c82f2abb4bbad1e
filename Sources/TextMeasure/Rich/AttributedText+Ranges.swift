extension AttributedText {
    /// Text whose `ranges` set their attributes, as `NSMutableAttributedString.setAttributes(_:range:)`
    /// called in order: a later range replaces the attributes of an earlier one where they
    /// overlap; text no range covers keeps `attributes`. Neighbouring runs with equal attributes
    /// are merged and empty ranges change nothing.
    ///
    /// - Throws: `AttributedTextError.invalidRange` for a range that is not within `string` or
    ///   whose bounds are not on Unicode scalar boundaries.
    /// - Complexity: O(n + r × k) for n UTF-8 bytes, r ranges and k runs.
    public init(
        _ string: String, attributes: TextAttributes = .inherited,
        ranges: [(range: Range<String.Index>, attributes: TextAttributes)]
    ) throws(AttributedTextError) {
        var runs = string.utf8.isEmpty ? [] : [Run(utf8Range: 0..<string.utf8.count, attributes: attributes)]
        for (index, entry) in ranges.enumerated() {
            guard let range = Self.utf8Range(of: entry.range, in: string) else {
                throw .invalidRange(index: index)
            }
            Self.paint(range, with: entry.attributes, over: &runs)
        }
        self.init(string, normalizing: runs)
    }

    /// Text from runs that cover `string`'s UTF-8 in order without gaps or overlaps (on scalar
    /// boundaries), merging equal neighbours and dropping empty runs.
    init(_ string: String, normalizing runs: [Run]) {
        var merged: [Run] = []
        merged.reserveCapacity(runs.count)
        for run in runs where !run.utf8Range.isEmpty {
            if let last = merged.last, last.attributes == run.attributes,
                last.utf8Range.upperBound == run.utf8Range.lowerBound
            {
                merged[merged.count - 1].utf8Range = last.utf8Range.lowerBound..<run.utf8Range.upperBound
            } else {
                merged.append(run)
            }
        }
        self.string = string
        self.runs = merged
    }

    /// The UTF-8 offsets of `range` in `string`, or nil when it is out of bounds or a bound is
    /// not on a scalar boundary.
    private static func utf8Range(of range: Range<String.Index>, in string: String) -> Range<Int>? {
        guard range.lowerBound >= string.startIndex, range.upperBound <= string.endIndex,
            range.lowerBound.samePosition(in: string.unicodeScalars) != nil,
            range.upperBound.samePosition(in: string.unicodeScalars) != nil
        else { return nil }
        let utf8 = string.utf8
        let lower = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
        let upper = utf8.distance(from: utf8.startIndex, to: range.upperBound)
        return lower..<upper
    }

    /// Gives `range` the attributes `attributes` in `runs` (sorted, contiguous), splitting the
    /// runs it cuts.
    private static func paint(_ range: Range<Int>, with attributes: TextAttributes, over runs: inout [Run]) {
        guard !range.isEmpty else { return }
        var result: [Run] = []
        result.reserveCapacity(runs.count + 2)
        var inserted = false
        for run in runs {
            let r = run.utf8Range
            if r.upperBound <= range.lowerBound || r.lowerBound >= range.upperBound {
                if !inserted, r.lowerBound >= range.upperBound {
                    result.append(Run(utf8Range: range, attributes: attributes))
                    inserted = true
                }
                result.append(run)
                continue
            }
            if r.lowerBound < range.lowerBound {
                result.append(Run(utf8Range: r.lowerBound..<range.lowerBound, attributes: run.attributes))
            }
            if !inserted {
                result.append(Run(utf8Range: range, attributes: attributes))
                inserted = true
            }
            if r.upperBound > range.upperBound {
                result.append(Run(utf8Range: range.upperBound..<r.upperBound, attributes: run.attributes))
            }
        }
        if !inserted { result.append(Run(utf8Range: range, attributes: attributes)) }
        runs = result
    }
}
