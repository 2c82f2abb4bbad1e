import CHarfBuzz
import Synchronization

/// A `HarfBuzzFace` at one scale, with HarfBuzz's own OpenType font functions (hmtx advances,
/// GPOS/`kern` positioning, unhinted) — what Pango 1.50 shapes with. The owner of an `hb_font_t`
/// and of up to `shapingInstanceCount` more of the same face and scale, for shaping.
///
/// Why more than one: an `hb_font_t` keeps caches that every shaping with it writes (the glyphs
/// of the last characters mapped, the last advances read). Threads shaping with one font at once
/// write the same cache lines, which then move between their processors on every look-up: two
/// threads sharing one measurer took 25 % more processor time than two with a measurer each. So
/// a shaping takes an instance no other thread is using (`withShapingFont`), and gives it back.
///
/// Immutable after creation (every instance is made immutable) and safe to use from many
/// threads at once.
final class HarfBuzzFont: @unchecked Sendable {  // immutable hb_font_t values; the idle instances behind atomics
    /// The `hb_font_t`, for queries that do not shape (baselines); shaping uses `withShapingFont`.
    let font: OpaquePointer
    /// The face (kept alive while the font lives).
    let face: HarfBuzzFace
    /// The scale both axes have (`init(face:scale:)`).
    private let scale: Int32

    /// The most instances kept for shaping; a thread that finds all of them in use shapes with
    /// `font`, shared (as every thread did before instances), so memory stays bounded whatever
    /// the number of threads.
    static var shapingInstanceCount: Int { 8 }

    /// The idle instances.
    private let idle = PointerSlots(count: HarfBuzzFont.shapingInstanceCount)
    /// How many instances exist (idle or in use), at most `shapingInstanceCount`.
    private let made = Atomic<Int>(0)

    /// A font whose positions come out in units of `1 / scale` em: `scale` = units per em
    /// gives font units; `scale` = the size in Pango units gives Pango units, rounded as
    /// HarfBuzz rounds them for Pango.
    init(face: HarfBuzzFace, scale: Int32) {
        self.face = face
        self.scale = scale
        font = HarfBuzzFont.makeFont(face: face, scale: scale)
    }

    deinit {
        hb_font_destroy(font)
        idle.removeAll { hb_font_destroy($0) }
    }

    /// How many shaping instances exist now, idle or in use (at most `shapingInstanceCount`).
    var shapingInstancesMade: Int { made.load(ordering: .relaxed) }

    /// Calls `body` with an `hb_font_t` of this face and scale that no other thread shapes
    /// with during the call (or, when `shapingInstanceCount` threads already do, with `font`).
    /// Every instance gives the same positions: only their caches differ.
    ///
    /// - Complexity: O(`shapingInstanceCount`) atomic operations at most, two when few threads
    ///   shape at once; the first shapings of each thread may create an instance.
    @inline(__always)
    func withShapingFont<R>(_ body: (OpaquePointer) -> R) -> R {
        let instance = takeInstance()
        defer { giveBack(instance) }
        return body(instance)
    }

    /// An idle instance, a new one while fewer than `shapingInstanceCount` exist, else `font`.
    private func takeInstance() -> OpaquePointer {
        if let instance = idle.take() { return instance }
        if made.wrappingAdd(1, ordering: .relaxed).newValue <= HarfBuzzFont.shapingInstanceCount {
            return HarfBuzzFont.makeFont(face: face, scale: scale)
        }
        made.wrappingSubtract(1, ordering: .relaxed)
        return font
    }

    /// Makes `instance` (from `takeInstance`) idle again; `font` is never among the idle ones.
    /// There is always an empty slot for it: instances never outnumber slots.
    private func giveBack(_ instance: OpaquePointer) {
        guard instance != font else { return }
        let kept = idle.put(instance)
        precondition(kept, "HarfBuzzFont: more shaping instances than slots")
    }

    /// A new immutable `hb_font_t` of `face` at `scale` on both axes.
    private static func makeFont(face: HarfBuzzFace, scale: Int32) -> OpaquePointer {
        let font = hb_font_create(face.face)!  // never NULL: HarfBuzz returns its empty font on failure
        hb_font_set_scale(font, scale, scale)
        hb_font_make_immutable(font)
        return font
    }
}
