#include "CLibThai.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <thai/thbrk.h>
#include <thai/thwchar.h>

typedef ThBrk *(*NewFunction)(const char *);
typedef void (*DeleteFunction)(ThBrk *);
typedef int (*FindBreaksFunction)(ThBrk *, const thchar_t *, int *, size_t);
typedef thchar_t (*Uni2TisFunction)(thwchar_t);

typedef struct {
    ThBrk *brk;
    DeleteFunction delete;
    FindBreaksFunction findBreaks;
    Uni2TisFunction uni2tis;
} Breaker;

void *rowheight_thai_breaker_new(void) {
    void *library = dlopen("libthai.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return NULL;
    NewFunction create = (NewFunction)dlsym(library, "th_brk_new");
    Breaker breaker = {
        NULL,
        (DeleteFunction)dlsym(library, "th_brk_delete"),
        (FindBreaksFunction)dlsym(library, "th_brk_find_breaks"),
        (Uni2TisFunction)dlsym(library, "th_uni2tis"),
    };
    if (!create || !breaker.delete || !breaker.findBreaks || !breaker.uni2tis) return NULL;
    breaker.brk = create(NULL);
    if (!breaker.brk) return NULL;
    Breaker *result = malloc(sizeof(Breaker));
    if (!result) {
        breaker.delete(breaker.brk);
        return NULL;
    }
    *result = breaker;
    return result;
}

void rowheight_thai_breaker_delete(void *opaque) {
    Breaker *breaker = (Breaker *)opaque;
    if (!breaker) return;
    breaker->delete(breaker->brk);
    free(breaker);
}

int32_t rowheight_thai_find_breaks(void *opaque, const uint32_t *text, int32_t count, int32_t *positions,
                                   int32_t capacity) {
    Breaker *breaker = (Breaker *)opaque;
    if (!breaker || count < 0 || capacity < 0) return -1;
    thchar_t *tis = malloc((size_t)count + 1);
    int *found = malloc(sizeof(int) * ((size_t)count + 1));
    if (!tis || !found) {
        free(tis);
        free(found);
        return -1;
    }
    for (int32_t i = 0; i < count; i++) tis[i] = breaker->uni2tis((thwchar_t)text[i]);
    tis[count] = 0;
    int n = breaker->findBreaks(breaker->brk, tis, found, (size_t)count + 1);
    int32_t written = 0;
    for (int k = 0; k < n && written < capacity; k++) positions[written++] = found[k];
    free(tis);
    free(found);
    return written;
}
