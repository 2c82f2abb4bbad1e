/// A width the greedy line rule sums and compares (`OpenLine`, `LineTally`): `Double` width units
/// for the fitters that sum in floating point (`LineFitter`, `PreparedWrapper`), `Int64` fixed
/// point for the exact prefix sums (`ExactPieceSums`).
///
/// The rule's functions are generic over it and inlined: called with a concrete width type,
/// each specialises to the code written for that type alone.
protocol LineWidth: Comparable, AdditiveArithmetic {}

extension Double: LineWidth {}

extension Int64: LineWidth {}
