#include "PangoReference.h"
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>
#include <stdlib.h>

struct PangoReference {
    PangoFontMap *map;
    PangoContext *context;
    PangoLayout *layout;
};

static void no_hinting(FcPattern *pattern, gpointer data) {
    (void)data;
    FcPatternDel(pattern, FC_HINTING);
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
    FcPatternDel(pattern, FC_HINT_STYLE);
    FcPatternAddInteger(pattern, FC_HINT_STYLE, FC_HINT_NONE);
}

PangoReference *pango_reference_new(const char *font_path, double size, double width, int wrap_char) {
    FcConfig *config = FcConfigCreate();
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)font_path)) return NULL;
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    FcChar8 *family = NULL;
    if (!set || set->nfont < 1 || FcPatternGetString(set->fonts[0], FC_FAMILY, 0, &family) != FcResultMatch) return NULL;
    PangoReference *r = calloc(1, sizeof *r);
    r->map = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(r->map), config);
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(r->map), 72, 72);
    pango_fc_font_map_set_default_substitute(PANGO_FC_FONT_MAP(r->map), no_hinting, NULL, NULL);
    r->context = pango_font_map_create_context(r->map);
    pango_context_set_round_glyph_positions(r->context, FALSE);
    PangoFontDescription *desc = pango_font_description_new();
    pango_font_description_set_family(desc, (const char *)family);
    pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
    PangoAttrList *attrs = pango_attr_list_new();
    pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));
    r->layout = pango_layout_new(r->context);
    pango_layout_set_font_description(r->layout, desc);
    pango_layout_set_attributes(r->layout, attrs);
    pango_layout_set_width(r->layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(r->layout, wrap_char ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR);
    pango_font_description_free(desc);
    pango_attr_list_unref(attrs);
    return r;
}

int pango_reference_line_count(PangoReference *r, const char *text, int length) {
    pango_layout_set_text(r->layout, text, length);
    return pango_layout_get_line_count(r->layout);
}

void pango_reference_free(PangoReference *r) {
    if (!r) return;
    g_object_unref(r->layout);
    g_object_unref(r->context);
    g_object_unref(r->map);
    free(r);
}
