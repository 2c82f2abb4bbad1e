/// The line-breaking rules of one tailoring, resolved to the tables the iterators read.
///
/// Creating an iterator from a tailoring looks its tables up (a few hundred instructions, lazy
/// globals included); a caller that creates one iterator per short text resolves the rules once
/// (per text style, say) and creates its iterators from them, which costs nothing.
public struct LineBreakRules: Sendable {
    @usableFromInline let tables: LineBreakTables
    @usableFromInline let machine: LineBreakStateMachine

    /// The rules with `tailoring` applied.
    public init(tailoring: LineBreakTailoring = []) {
        self.tables = LineBreakTables.tables(for: tailoring)
        self.machine = LineBreakStateMachine.shared
    }
}
