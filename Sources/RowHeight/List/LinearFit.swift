/// A running least-squares line `y ≈ a + b·x` over samples, kept as means and co-moments
/// (Welford's update, Chan's merge), so it is numerically stable over millions of samples and
/// partial fits from parallel workers can be combined.
struct LinearFit: Sendable, Equatable {
    private(set) var count: Double = 0
    private(set) var meanX: Double = 0
    private(set) var meanY: Double = 0
    /// Σ (x − meanX)².
    private var comomentXX: Double = 0
    /// Σ (x − meanX)(y − meanY).
    private var comomentXY: Double = 0

    /// Adds one sample. O(1).
    mutating func add(x: Double, y: Double) {
        count += 1
        let dx = x - meanX
        meanX += dx / count
        let dy = y - meanY
        meanY += dy / count
        comomentXX += dx * (x - meanX)
        comomentXY += dx * (y - meanY)
    }

    /// Adds all samples of `other`. O(1).
    mutating func merge(_ other: LinearFit) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        let total = count + other.count
        let dx = other.meanX - meanX
        let dy = other.meanY - meanY
        let weight = count * other.count / total
        comomentXX += other.comomentXX + dx * dx * weight
        comomentXY += other.comomentXY + dx * dy * weight
        meanX += dx * other.count / total
        meanY += dy * other.count / total
        count = total
    }

    /// The fitted intercept and slope, or nil without samples. The slope is 0 when the samples'
    /// x do not vary, and never negative (a row does not get shorter as its content grows; a
    /// negative slope from a few samples would extrapolate to nonsense).
    var coefficients: (intercept: Double, slope: Double)? {
        guard count > 0 else { return nil }
        var slope = 0.0
        if comomentXX > 1e-12 * count * Swift.max(1, meanX * meanX) {
            slope = Swift.max(0, comomentXY / comomentXX)
        }
        return (meanY - slope * meanX, slope)
    }
}
