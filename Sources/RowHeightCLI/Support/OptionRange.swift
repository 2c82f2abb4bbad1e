import ArgumentParser

/// The values a numeric command-line option allows, checked when the command line is parsed (a
/// value outside is a usage error: exit code 64 and a message naming the option, the value and
/// the range). NaN is never inside a range.
struct OptionRange<Value: Comparable & Sendable>: Sendable {
    /// The smallest allowed value, or the bound just below the allowed values (see `lowerIncluded`).
    let lower: Value
    /// Whether `lower` itself is allowed.
    let lowerIncluded: Bool
    /// The largest allowed value.
    let upper: Value

    /// Values from `lower` to `upper`, both included.
    init(_ range: ClosedRange<Value>) {
        lower = range.lowerBound
        lowerIncluded = true
        upper = range.upperBound
    }

    /// Values greater than `lower`, up to `upper` included.
    init(above lower: Value, upTo upper: Value) {
        self.lower = lower
        lowerIncluded = false
        self.upper = upper
    }

    /// Whether `value` is allowed.
    func contains(_ value: Value) -> Bool {
        (lowerIncluded ? value >= lower : value > lower) && value <= upper
    }

    /// The range in words, e.g. `greater than 0 and at most 10000`.
    var allowed: String {
        "\(lowerIncluded ? "at least" : "greater than") \(Self.text(lower)) and at most \(Self.text(upper))"
    }

    /// Checks the value of `option`.
    ///
    /// - Throws: `ValidationError` `--size 1e+16 is out of range: it must be greater than 0 and at
    ///   most 10000` when the value is not allowed.
    func check(_ value: Value, option: String) throws(ValidationError) {
        guard contains(value) else {
            throw ValidationError("\(option) \(Self.text(value)) is out of range: it must be \(allowed)")
        }
    }

    /// Checks every value of a repeated option.
    func check(_ values: [Value], option: String) throws(ValidationError) {
        for value in values { try check(value, option: option) }
    }

    /// A value as people write it: `375`, not `375.0`.
    private static func text(_ value: Value) -> String {
        if let double = value as? Double, double.isFinite, double == double.rounded(), abs(double) < 1e15 {
            return String(Int64(double))
        }
        return "\(value)"
    }
}
