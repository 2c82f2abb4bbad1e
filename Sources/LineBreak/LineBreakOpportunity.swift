/// A place where a line may (or must) end.
public struct LineBreakOpportunity: Equatable, Hashable, Sendable {
    /// UTF-8 offset of the break: a line may end between byte `offset − 1` and byte `offset`.
    public var offset: Int
    /// Whether the line must end here (after BK, CR, LF, NL; CR LF counts once).
    public var isMandatory: Bool

    /// Creates a break opportunity.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}
