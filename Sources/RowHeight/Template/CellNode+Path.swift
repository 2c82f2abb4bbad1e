extension CellNode {
    /// The node a `NodeFrame.path` names (child indices from this node; `.flex` wrappers are
    /// transparent, as in frames), unwrapped; `nil` when the path leads nowhere.
    ///
    /// - Complexity: O(path length).
    public func node(at path: [Int]) -> CellNode? {
        var node = unwrappingFlex
        for index in path {
            switch node {
            case .inset(_, let child), .sized(_, _, let child):
                guard index == 0 else { return nil }
                node = child.unwrappingFlex
            case .vstack(_, _, let children), .hstack(_, let children):
                guard children.indices.contains(index) else { return nil }
                node = children[index].unwrappingFlex
            case .text, .box, .flex:
                return nil
            }
        }
        return node
    }

    /// The node inside any `.flex` wrappers.
    public var unwrappingFlex: CellNode {
        var node = self
        while case .flex(_, let child) = node { node = child }
        return node
    }
}
