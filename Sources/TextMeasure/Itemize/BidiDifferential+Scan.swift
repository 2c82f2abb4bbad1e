@_spi(Fuzzing)
extension BidiDifferential {
    /// Whether the pre-scan that tells text with nothing right to left (`BidiLevels.mayHaveLevels`,
    /// sixteen bytes at a time) answers for `text` what the scalar rule answers: some scalar's
    /// bidi type can raise a level (`BidiLevels.raisesLevel`).
    ///
    /// - Complexity: O(n) in the text's length.
    public static func scanAgreesWithScalars(in text: String) -> Bool {
        let expected = text.unicodeScalars.contains { BidiLevels.raisesLevel($0.value) }
        var text = text
        return text.withUTF8 { BidiLevels.mayHaveLevels($0) } == expected
    }
}
