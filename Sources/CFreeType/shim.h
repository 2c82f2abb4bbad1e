#ifndef ROWHEIGHT_CFREETYPE_SHIM_H
#define ROWHEIGHT_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_ADVANCES_H

/// FreeType's own description of an error code ("unknown file format", ...), or NULL for a
/// code FreeType does not define.
///
/// `FT_Error_String` returns NULL unless FreeType was built with
/// `FT_CONFIG_OPTION_ERROR_STRINGS` (Debian's is not), so this builds the same table from
/// FreeType's error list (`fterrdef.h`) with the X-macro scheme `fterrors.h` documents.
/// Module bits in the high byte (`FT_CONFIG_OPTION_USE_MODULE_ERRORS`) are ignored.
static inline const char *rowheight_ft_error_string(FT_Error error) {
    switch (error & 0xFF) {
#undef FTERRORS_H_
#define FT_ERROR_START_LIST
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST
#include FT_ERRORS_H
    default:
        return 0;
    }
}

#endif
