import Testing
@testable import RowHeightCLI
@Test func builds() { #expect(Bool(true)) }
