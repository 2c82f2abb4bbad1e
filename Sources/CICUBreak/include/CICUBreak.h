#ifndef ROWHEIGHT_CICUBREAK_H
#define ROWHEIGHT_CICUBREAK_H
// A tiny shim over ICU's line break iterator (ICU's C API has versioned symbol names, which
// Swift cannot call through ICU's own headers).
#include <stdint.h>

/// Loads ICU (dlopen) and opens a line break iterator for the root locale (its dictionaries for Lao, Khmer,
/// Myanmar, Thai); NULL on failure. Not thread-safe for concurrent use: guard it.
void *rowheight_icu_line_breaker_open(void);

/// Closes an iterator from rowheight_icu_line_breaker_open.
void rowheight_icu_line_breaker_close(void *breaker);

/// Writes the UTF-16 offsets where a line may break inside text[0..<length] (not 0, not length),
/// ascending, at most capacity of them; returns how many, or -1 on an ICU error.
int32_t rowheight_icu_line_breaks(void *breaker, const uint16_t *text, int32_t length, int32_t *breaks,
                                  int32_t capacity);
#endif
