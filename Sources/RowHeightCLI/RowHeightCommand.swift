import ArgumentParser
import TextMeasure

@main
struct RowHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rowheight")
    func run() throws { print(BundledFonts.directory ?? "none") }
}
