/// A batch of changes to a list's rows by index, with `UITableView.performBatchUpdates` semantics:
/// `deletions`, `reloads` and move sources are indices in the list before the update;
/// `insertions` and move destinations are indices in the list after it. Rows not mentioned keep
/// their order, their heights (exact or estimated) at every cached width, and their positions
/// relative to each other.
public struct ListUpdate: Sendable, Hashable {
    /// A row moving from `source` (old index) to `destination` (new index), taking its heights along.
    public struct Move: Sendable, Hashable {
        /// The row's index before the update.
        public var source: Int
        /// The row's index after the update.
        public var destination: Int

        /// A move of the row at old index `source` to new index `destination`.
        public init(source: Int, destination: Int) {
            self.source = source
            self.destination = destination
        }
    }

    /// Rows removed (old indices).
    public var deletions: [Int]
    /// Rows added (new indices); they start with estimated heights.
    public var insertions: [Int]
    /// Rows moved, with their heights.
    public var moves: [Move]
    /// Rows whose content changed (old indices): their heights become estimates again at every width.
    public var reloads: [Int]

    /// A batch of the given changes. Indices must be unique within each side: a row can be deleted,
    /// moved or reloaded, not two of those; a new index can be inserted or a move's destination.
    public init(deletions: [Int] = [], insertions: [Int] = [], moves: [Move] = [], reloads: [Int] = []) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.reloads = reloads
    }

    /// Whether the batch changes nothing.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty && reloads.isEmpty }
}
