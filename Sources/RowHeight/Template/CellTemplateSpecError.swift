/// A template file that cannot be used: what is wrong and where (a JSON path such as
/// `root.child.children[1].spacing`), checked when the template is read.
public struct CellTemplateSpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where in the JSON: `root`, `root.children[0]`, `root.child.style.size`, or `scale`.
    public var path: String
    /// What is wrong, with the offending value.
    public var problem: String

    /// Creates an error at `path`.
    public init(path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `path: problem`.
    public var description: String { "\(path): \(problem)" }
}
