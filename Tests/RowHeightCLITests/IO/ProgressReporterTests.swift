import Testing

@testable import RowHeightCLI

@Suite("ProgressReporter")
struct ProgressReporterTests {
    @Test("Clock times: m:ss and h:mm:ss; a wild estimate (infinite, NaN, huge, negative) does not trap")
    func clockTime() {
        #expect(ProgressReporter.clockTime(0) == "0:00")
        #expect(ProgressReporter.clockTime(61.2) == "1:02")
        #expect(ProgressReporter.clockTime(3_601) == "1:00:01")
        #expect(ProgressReporter.clockTime(.infinity) == "277777:46:40")
        #expect(ProgressReporter.clockTime(1e300) == "277777:46:40")
        #expect(ProgressReporter.clockTime(.nan) == "0:00")
        #expect(ProgressReporter.clockTime(-5) == "0:00")
    }
}
