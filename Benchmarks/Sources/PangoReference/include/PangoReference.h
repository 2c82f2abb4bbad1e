#ifndef ROWHEIGHT_PANGO_REFERENCE_H
#define ROWHEIGHT_PANGO_REFERENCE_H
/* Pango 1.50 set up as RowHeight's accuracy reference (see Tools/pango-oracle), for measuring
   Pango's speed in the same process and run as RowHeight's. */
typedef struct PangoReference PangoReference;

/* Returns NULL if the font cannot be loaded. wrap_char: 0 = PANGO_WRAP_WORD_CHAR, 1 = PANGO_WRAP_CHAR. */
PangoReference *pango_reference_new(const char *font_path, double size, double width, int wrap_char);
/* Lays out `length` bytes of UTF-8 and returns the line count. */
int pango_reference_line_count(PangoReference *reference, const char *text, int length);
void pango_reference_free(PangoReference *reference);
#endif
