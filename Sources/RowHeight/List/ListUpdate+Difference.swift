extension ListUpdate {
    /// The batch update that turns a list of row identities into another: identities only in `old`
    /// are deleted, only in `new` inserted, in both but out of order moved (with their heights), and
    /// those in `reloading` (content changed) reloaded. This is how rows with stable identities use
    /// the index-based model: keep the identities, diff them, apply the update. Identities should
    /// be unique within each list.
    ///
    /// A reloaded identity that also moves becomes a deletion plus an insertion (its heights are
    /// dropped either way).
    ///
    /// - Complexity: O((n + m) · d) for d changes (Myers' difference), plus O(n) hashing.
    public static func difference<ID: Hashable>(from old: [ID], to new: [ID], reloading: Set<ID> = []) -> ListUpdate {
        var update = ListUpdate()
        let difference = new.difference(from: old).inferringMoves()
        var moved = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, let element, let associatedWith):
                if let destination = associatedWith, !reloading.contains(element) {
                    update.moves.append(Move(source: offset, destination: destination))
                    moved.insert(offset)
                } else {
                    update.deletions.append(offset)
                }
            case .insert(let offset, let element, let associatedWith):
                if associatedWith == nil || reloading.contains(element) { update.insertions.append(offset) }
            }
        }
        if !reloading.isEmpty {
            let removedOffsets = Set(update.deletions).union(moved)
            for (offset, id) in old.enumerated() where reloading.contains(id) && !removedOffsets.contains(offset) {
                update.reloads.append(offset)
            }
        }
        update.deletions.sort()
        update.insertions.sort()
        return update
    }
}
