#ifndef ROWHEIGHT_CFRIBIDI_SHIM_H
#define ROWHEIGHT_CFRIBIDI_SHIM_H
#include <fribidi.h>

// fribidi's tests on bidi types and its paragraph directions are macros Swift does not import:
// the ones Pango 1.50's pango_log2vis_get_embedding_levels uses, as functions (on the types' bits,
// since Pango ORs and ANDs them).
static inline int rowheight_fribidi_is_strong(uint32_t type) { return FRIBIDI_IS_STRONG(type) != 0; }
static inline int rowheight_fribidi_is_rtl(uint32_t type) { return FRIBIDI_IS_RTL(type) != 0; }
static inline int rowheight_fribidi_is_arabic(uint32_t type) { return FRIBIDI_IS_ARABIC(type) != 0; }
static inline int rowheight_fribidi_is_isolate(uint32_t type) { return FRIBIDI_IS_ISOLATE(type) != 0; }
static inline int rowheight_fribidi_is_number(uint32_t type) { return FRIBIDI_IS_NUMBER(type) != 0; }
static inline int rowheight_fribidi_is_letter(uint32_t type) { return FRIBIDI_IS_LETTER(type) != 0; }
static inline int rowheight_fribidi_is_weak(uint32_t type) { return FRIBIDI_IS_WEAK(type) != 0; }
static inline FriBidiCharType rowheight_fribidi_type_on(void) { return FRIBIDI_TYPE_ON; }
static inline FriBidiCharType rowheight_fribidi_type_rle(void) { return FRIBIDI_TYPE_RLE; }
static inline FriBidiParType rowheight_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType rowheight_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType rowheight_fribidi_par_wltr(void) { return FRIBIDI_PAR_WLTR; }
static inline FriBidiBracketType rowheight_fribidi_no_bracket(void) { return FRIBIDI_NO_BRACKET; }

#endif
