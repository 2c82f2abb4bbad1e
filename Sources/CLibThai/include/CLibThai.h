#ifndef ROWHEIGHT_CLIBTHAI_H
#define ROWHEIGHT_CLIBTHAI_H
// A tiny shim over libthai's word breaker, loaded with dlopen the first time Thai is measured
// (programs that never meet Thai never load it: start-up time).
#include <stdint.h>

/// Loads libthai (dlopen) and creates a breaker with its default dictionary (th_brk_new(NULL));
/// NULL on failure. Not thread-safe for concurrent use: guard it.
void *rowheight_thai_breaker_new(void);

/// Frees a breaker from rowheight_thai_breaker_new.
void rowheight_thai_breaker_delete(void *breaker);

/// Converts text[0..<count] (Unicode scalars) to TIS-620 with libthai's th_uni2tis, as Pango
/// does, and writes the positions th_brk_find_breaks finds (indices of the scalars a line may
/// break before, ascending, at most capacity); returns how many, or -1 on failure.
int32_t rowheight_thai_find_breaks(void *breaker, const uint32_t *text, int32_t count, int32_t *positions,
                                   int32_t capacity);
#endif
