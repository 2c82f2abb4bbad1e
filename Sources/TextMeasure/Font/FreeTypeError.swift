import CFreeType

/// FreeType error codes as RowHeight reads them: the few it tells apart, and FreeType's own
/// text for any code.
enum FreeTypeError {
    /// The error number without module bits (`FT_ERROR_BASE`).
    static func base(_ error: FT_Error) -> Int32 { error & 0xFF }

    /// Whether FreeType rejected the file's format (`Unknown_File_Format`: no driver recognises
    /// it; `Invalid_File_Format`: a driver recognised it but found it broken).
    static func isFormatError(_ error: FT_Error) -> Bool {
        let code = base(error)
        return code == Int32(FT_Err_Unknown_File_Format) || code == Int32(FT_Err_Invalid_File_Format)
    }

    /// FreeType's description of `error` ("unknown file format", "out of memory", …), taken from
    /// `FT_Error_String` when FreeType was built with error strings, else from the same list
    /// compiled into the C shim.
    static func message(for error: FT_Error) -> String {
        if let text = FT_Error_String(error) ?? rowheight_ft_error_string(error) { return String(cString: text) }
        return "FreeType error 0x\(String(UInt32(bitPattern: error), radix: 16))"
    }
}
