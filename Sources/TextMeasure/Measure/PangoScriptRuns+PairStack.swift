import CHarfBuzz

extension PangoScriptRuns {
    /// Pango's stack of open paired characters (`paren_stack` in `pango-script.c`): each entry
    /// the pair's index in `pairedCharacters` and the script of the run it opened in, at most
    /// `depth` (128, `PAREN_STACK_DEPTH`) deep, in inline storage — reading runs allocates nothing.
    struct PairStack {
        /// Pango's `PAREN_STACK_DEPTH`.
        static let depth = 128

        private typealias Sixteen = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        /// The entries, `pair << 32 | script`, eight times sixteen.
        private var slots: (Sixteen, Sixteen, Sixteen, Sixteen, Sixteen, Sixteen, Sixteen, Sixteen)
        /// The number of entries.
        private(set) var count = 0

        /// An empty stack.
        init() {
            let zero: Sixteen = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            slots = (zero, zero, zero, zero, zero, zero, zero, zero)
        }

        /// Whether the stack holds no entry.
        var isEmpty: Bool { count == 0 }

        /// The pair index and script of entry `index` (0 at the bottom); setting changes the script.
        subscript(index: Int) -> (pair: Int, script: hb_script_t) {
            mutating get {  // mutating: the storage is read in place, not copied
                precondition(index >= 0 && index < count)
                let slot = withUnsafeMutableBytes(of: &slots) { $0.load(fromByteOffset: index &* 8, as: UInt64.self) }
                return (Int(slot >> 32), hb_script_t(rawValue: UInt32(truncatingIfNeeded: slot)))
            }
            set {
                precondition(index >= 0 && index < count)
                let slot = UInt64(newValue.pair) << 32 | UInt64(newValue.script.rawValue)
                withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: slot, toByteOffset: index &* 8, as: UInt64.self) }
            }
        }

        /// The top entry, `nil` when empty.
        var last: (pair: Int, script: hb_script_t)? {
            mutating get { count == 0 ? nil : self[count - 1] }
        }

        /// Pushes an entry; a full stack (`depth` entries) is emptied first, as Pango does.
        mutating func push(pair: Int, script: hb_script_t) {
            if count >= PairStack.depth { count = 0 }
            count += 1
            self[count - 1] = (pair, script)
        }

        /// Removes the top entry (the stack must not be empty).
        mutating func removeLast() {
            precondition(count > 0)
            count -= 1
        }

        /// Removes every entry.
        mutating func removeAll() { count = 0 }
    }
}
