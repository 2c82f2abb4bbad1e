#include "CICUBreak.h"
#include <unicode/ubrk.h>

void *rowheight_icu_line_breaker_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    return iterator;
}

void rowheight_icu_line_breaker_close(void *breaker) {
    if (breaker) ubrk_close((UBreakIterator *)breaker);
}

int32_t rowheight_icu_line_breaks(void *breaker, const uint16_t *text, int32_t length, int32_t *breaks,
                                  int32_t capacity) {
    if (!breaker) return -1;
    UBreakIterator *iterator = (UBreakIterator *)breaker;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_following(iterator, 0); b != UBRK_DONE && b < length; b = ubrk_next(iterator)) {
        if (count < capacity) breaks[count++] = b;
    }
    // Leave no pointer to the caller's text behind.
    static const UChar empty[1] = {0};
    ubrk_setText(iterator, empty, 0, &status);
    return count;
}
