/// One font family of a chain with its faces (regular, bold, italic, bold italic, other
/// weights), and CSS-style face selection by weight and style.
///
/// Equal (and hashable) by its name and the identity of its faces, in order.
public struct FontFamily: Sendable, Hashable {
    /// The family name, e.g. "DejaVu Sans" (as given, or as the first face's font names it).
    public let name: String
    /// The faces, in the order given. Never empty.
    public let faces: [Font]
    /// The face a default style measures: `face(weight: 400, italic: false)`.
    public let regular: Font

    /// A family of `faces` named `name`.
    ///
    /// - Throws: `FontError.emptyChain` when `faces` is empty.
    public init(name: String, faces: [Font]) throws(FontError) {
        guard !faces.isEmpty else { throw .emptyChain }
        self.init(name: name, nonEmptyFaces: faces)
    }

    /// A family of `faces`, which the caller guarantees is not empty (each face of a merge
    /// comes from a family that has one).
    init(name: String, nonEmptyFaces faces: [Font]) {
        precondition(!faces.isEmpty, "a font family needs a face")
        self.name = name
        self.faces = faces
        self.regular = faces[FontFamily.bestFace(in: faces, weight: 400, italic: false)]
    }

    /// The face CSS font matching picks for `weight` (1–1000; 400 regular, 700 bold) and style:
    /// faces of the asked style first (italic or oblique when `italic`, upright otherwise),
    /// else the others; among them the closest weight by CSS Fonts' rule (for 400–500: weights
    /// up to 500 upwards, then lighter ones downwards, then heavier; below 400: lighter first;
    /// above 500: heavier first). The first face given wins a tie.
    ///
    /// - Complexity: O(faces).
    public func face(weight: Int = 400, italic: Bool = false) -> Font {
        faces[FontFamily.bestFace(in: faces, weight: weight, italic: italic)]
    }

    /// Index of the face CSS matching picks (see `face(weight:italic:)`).
    static func bestFace(in faces: [Font], weight: Int, italic: Bool) -> Int {
        let styled = faces.indices.filter { faces[$0].isItalic == italic }
        let candidates = styled.isEmpty ? Array(faces.indices) : styled
        var best = candidates[0]
        for index in candidates.dropFirst()
        where weightRank(faces[index].weight, desired: weight) < weightRank(faces[best].weight, desired: weight) {
            best = index
        }
        return best
    }

    /// Lower is better: CSS Fonts Level 4 §5.2 step "font-weight", as a total order.
    static func weightRank(_ available: Int, desired: Int) -> (Int, Int) {
        if available == desired { return (0, 0) }
        if desired >= 400, desired <= 500 {
            if available > desired, available <= 500 { return (1, available - desired) }
            if available < desired { return (2, desired - available) }
            return (3, available - desired)
        }
        if desired < 400 {
            if available < desired { return (1, desired - available) }
            return (2, available - desired)
        }
        if available > desired { return (1, available - desired) }
        return (2, desired - available)
    }

    /// Whether two families have the same name and the same face objects in the same order.
    public static func == (lhs: FontFamily, rhs: FontFamily) -> Bool {
        lhs.name == rhs.name && lhs.faces.count == rhs.faces.count && zip(lhs.faces, rhs.faces).allSatisfy { $0 === $1 }
    }

    /// Hashes the name and the identities of the faces.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        for face in faces { hasher.combine(ObjectIdentifier(face)) }
    }
}
