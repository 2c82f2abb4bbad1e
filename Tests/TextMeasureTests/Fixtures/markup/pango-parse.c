/*
 * pango-parse: what Pango 1.50's pango_parse_markup makes of markup, for RowHeight's markup
 * conformance fixture (make_markup_cases.py builds and runs it).
 *
 * Input (stdin): records "<byte length>\n<markup bytes>". Output: one line per record,
 * "ERR" when Pango refuses the markup, else "OK <text bytes>" and the text's runs
 * " start-end:family|weight|italic|size|letter_spacing" (UTF-8 offsets, adjacent equal runs
 * merged) resolved over a base font "BASE" 10 pt, weight 400, upright; weight clamped to
 * 1-1000, size in Pango units (scale applied, truncated as Pango does).
 *
 * Build: cc -o pango-parse pango-parse.c $(pkg-config --cflags --libs pango)
 */
#include <pango/pango.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    long length;
    while (scanf("%ld", &length) == 1) {
        getchar();
        char *markup = malloc((size_t)length + 1);
        if (fread(markup, 1, (size_t)length, stdin) != (size_t)length) return 1;
        markup[length] = 0;
        PangoAttrList *list = NULL;
        char *text = NULL;
        GError *error = NULL;
        if (!pango_parse_markup(markup, (int)length, 0, &list, &text, NULL, &error)) {
            printf("ERR\n");
            g_error_free(error);
            free(markup);
            continue;
        }
        int text_length = (int)strlen(text);
        printf("OK %d", text_length);
        PangoAttrIterator *it = pango_attr_list_get_iterator(list);
        int run_start = 0, run_end = 0;
        char previous[1024] = "";
        do {
            int start, end;
            pango_attr_iterator_range(it, &start, &end);
            if (end > text_length) end = text_length;
            if (start >= end) continue;
            PangoFontDescription *desc = pango_font_description_new();
            pango_font_description_set_family(desc, "BASE");
            pango_font_description_set_size(desc, 10 * PANGO_SCALE);
            pango_font_description_set_weight(desc, PANGO_WEIGHT_NORMAL);
            pango_font_description_set_style(desc, PANGO_STYLE_NORMAL);
            pango_attr_iterator_get_font(it, desc, NULL, NULL);
            PangoAttribute *spacing = pango_attr_iterator_get(it, PANGO_ATTR_LETTER_SPACING);
            int weight = pango_font_description_get_weight(desc);
            weight = weight < 1 ? 1 : weight > 1000 ? 1000 : weight;
            char current[1024];
            snprintf(current, sizeof current, "%s|%d|%d|%d|%d", pango_font_description_get_family(desc), weight,
                     pango_font_description_get_style(desc) != PANGO_STYLE_NORMAL,
                     pango_font_description_get_size(desc), spacing ? ((PangoAttrInt *)spacing)->value : 0);
            if (previous[0] && strcmp(current, previous) == 0 && start == run_end) {
                run_end = end;
            } else {
                if (previous[0]) printf(" %d-%d:%s", run_start, run_end, previous);
                run_start = start;
                run_end = end;
                strcpy(previous, current);
            }
            pango_font_description_free(desc);
        } while (pango_attr_iterator_next(it));
        if (previous[0]) printf(" %d-%d:%s", run_start, run_end, previous);
        printf("\n");
        pango_attr_iterator_destroy(it);
        pango_attr_list_unref(list);
        g_free(text);
        free(markup);
    }
    return 0;
}
