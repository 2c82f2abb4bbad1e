/// An opaque 8-bit sRGB color.
struct RGBColor: Sendable, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    static let white = RGBColor(255, 255, 255)
    static let black = RGBColor(0, 0, 0)

    /// This color over `background` with opacity `alpha` (0…255), rounded per channel.
    func over(_ background: RGBColor, alpha: Int) -> RGBColor {
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * alpha + Int(bottom) * (255 - alpha) + 127) / 255)
        }
        return RGBColor(mix(red, background.red), mix(green, background.green), mix(blue, background.blue))
    }
}
