/// Text whose runs carry their own font attributes — UIKit's `attributedText`, a Pango layout
/// with an attribute list: one paragraph-level `TextStyle` (wrapping, line spacing, scale,
/// profile, base fonts) and, per run, a family/face, size and letter spacing.
///
/// Lines break and wrap across runs as in one string: a run boundary inside a word is not a
/// break opportunity.
public struct AttributedText: Sendable, Hashable {
    /// One run: a UTF-8 range of `string` and its attributes.
    public struct Run: Sendable, Hashable {
        /// UTF-8 offsets in `string`, on scalar boundaries.
        public var utf8Range: Range<Int>
        /// The run's attributes.
        public var attributes: TextAttributes

        /// Creates a run.
        public init(utf8Range: Range<Int>, attributes: TextAttributes) {
            self.utf8Range = utf8Range
            self.attributes = attributes
        }
    }

    /// The text.
    public let string: String
    /// Runs in order, covering `string`'s UTF-8 without gaps or overlaps; adjacent runs have
    /// different attributes. Empty for an empty string.
    public let runs: [Run]

    /// Text in one run of `attributes`.
    public init(_ string: String, attributes: TextAttributes = .inherited) {
        self.string = string
        self.runs = string.utf8.isEmpty ? [] : [Run(utf8Range: 0..<string.utf8.count, attributes: attributes)]
    }
}
