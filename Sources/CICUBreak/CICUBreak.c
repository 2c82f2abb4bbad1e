#include "CICUBreak.h"
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uvernum.h>

// ICU is loaded with dlopen the first time a breaker is opened, so that programs that never
// meet Lao, Khmer or Myanmar text never load it (start-up time). Its symbols carry the major
// version (ubrk_open_72): the names come from ICU's own renaming macros.
#define ROWHEIGHT_STRINGIFY2(x) #x
#define ROWHEIGHT_STRINGIFY(x) ROWHEIGHT_STRINGIFY2(x)

typedef UBreakIterator *(*OpenFunction)(UBreakIteratorType, const char *, const UChar *, int32_t, UErrorCode *);
typedef void (*CloseFunction)(UBreakIterator *);
typedef void (*SetTextFunction)(UBreakIterator *, const UChar *, int32_t, UErrorCode *);
typedef int32_t (*MoveFunction)(UBreakIterator *);
typedef int32_t (*FollowingFunction)(UBreakIterator *, int32_t);

typedef struct {
    UBreakIterator *iterator;
    CloseFunction close;
    SetTextFunction setText;
    MoveFunction next;
    FollowingFunction following;
} Breaker;

static void *load(void *library, const char *name) { return library ? dlsym(library, name) : NULL; }

void *rowheight_icu_line_breaker_open(void) {
    void *library = dlopen("libicuuc.so." ROWHEIGHT_STRINGIFY(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libicuuc.so", RTLD_NOW | RTLD_LOCAL);
    OpenFunction open = (OpenFunction)load(library, ROWHEIGHT_STRINGIFY(ubrk_open));
    Breaker breaker = {
        NULL,
        (CloseFunction)load(library, ROWHEIGHT_STRINGIFY(ubrk_close)),
        (SetTextFunction)load(library, ROWHEIGHT_STRINGIFY(ubrk_setText)),
        (MoveFunction)load(library, ROWHEIGHT_STRINGIFY(ubrk_next)),
        (FollowingFunction)load(library, ROWHEIGHT_STRINGIFY(ubrk_following)),
    };
    if (!open || !breaker.close || !breaker.setText || !breaker.next || !breaker.following) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    breaker.iterator = open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status) || !breaker.iterator) return NULL;
    Breaker *result = malloc(sizeof(Breaker));
    if (!result) {
        breaker.close(breaker.iterator);
        return NULL;
    }
    *result = breaker;
    return result;
}

void rowheight_icu_line_breaker_close(void *opaque) {
    Breaker *breaker = (Breaker *)opaque;
    if (!breaker) return;
    breaker->close(breaker->iterator);
    free(breaker);
}

int32_t rowheight_icu_line_breaks(void *opaque, const uint16_t *text, int32_t length, int32_t *breaks,
                                  int32_t capacity) {
    Breaker *breaker = (Breaker *)opaque;
    if (!breaker) return -1;
    UErrorCode status = U_ZERO_ERROR;
    breaker->setText(breaker->iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t b = breaker->following(breaker->iterator, 0); b != UBRK_DONE && b < length; b = breaker->next(breaker->iterator)) {
        if (count < capacity) breaks[count++] = b;
    }
    // Leave no pointer to the caller's text behind.
    static const UChar empty[1] = {0};
    breaker->setText(breaker->iterator, empty, 0, &status);
    return count;
}
