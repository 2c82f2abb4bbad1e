/*
 * pango-oracle: line counts of texts laid out by Pango 1.50, the accuracy reference of
 * RowHeight's `.pango` profile (see DESIGN.md, "Accuracy reference").
 *
 * Setup: one font file in a private fontconfig configuration (no system font is ever used),
 * PangoFT2 at 72 dpi (so 1 pt = 1 px), hinting off, round_glyph_positions off, wrap
 * PANGO_WRAP_WORD_CHAR ("word") or PANGO_WRAP_CHAR ("char"), hyphen insertion off, line
 * spacing 0.
 *
 * Input: JSON Lines (stdin, or --input FILE), one object per line with a string "text".
 * Output: one line per input line: {"counts":[...]} with the line count of every combination,
 * ordered size-major, then width, then wrap (in the order the options were given).
 *
 * Usage: pango-oracle --font FILE [--size 13,17,24] [--width 200,280,375,600] [--wrap word,char]
 *                     [--input FILE] [--stats] [--explain N] [--metrics]
 */
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_VALUES 16

static const char *input_name = "<stdin>";

static void die(const char *message) {
    fprintf(stderr, "pango-oracle: error: %s\n", message);
    exit(1);
}

static void die_line(long line, const char *message) {
    fprintf(stderr, "pango-oracle: error: %s:%ld: %s\n", input_name, line, message);
    exit(1);
}

static int parse_list(const char *arg, double *values, int max) {
    int n = 0;
    char *copy = strdup(arg), *save = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n == max) die("too many values in a list");
        char *end;
        values[n] = strtod(tok, &end);
        if (*end || !(values[n] > 0)) die("a size or width must be a positive number");
        n++;
    }
    free(copy);
    return n;
}

/* ---- A strict little JSON reader: one object per line, extracts the string field "text". */

typedef struct {
    const char *p, *end;
    long line;
    GString *out; /* decoded "text" */
    int found;
} Reader;

static void skip_ws(Reader *r) {
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r' || *r->p == '\n')) r->p++;
}

static unsigned hex4(Reader *r) {
    if (r->end - r->p < 4) die_line(r->line, "truncated \\u escape");
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = r->p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else die_line(r->line, "invalid \\u escape");
    }
    r->p += 4;
    return v;
}

/* Parses a string at r->p (which is at the opening quote); appends it to out if out != NULL. */
static void parse_string(Reader *r, GString *out) {
    r->p++;
    while (1) {
        if (r->p >= r->end) die_line(r->line, "unterminated string");
        unsigned char c = (unsigned char)*r->p;
        if (c == '"') { r->p++; return; }
        if (c < 0x20) die_line(r->line, "control character in string");
        if (c != '\\') {
            if (out) g_string_append_c(out, (char)c);
            r->p++;
            continue;
        }
        r->p++;
        if (r->p >= r->end) die_line(r->line, "unterminated escape");
        char e = *r->p++;
        char ch = 0;
        switch (e) {
        case '"': ch = '"'; break;
        case '\\': ch = '\\'; break;
        case '/': ch = '/'; break;
        case 'b': ch = '\b'; break;
        case 'f': ch = '\f'; break;
        case 'n': ch = '\n'; break;
        case 'r': ch = '\r'; break;
        case 't': ch = '\t'; break;
        case 'u': {
            unsigned v = hex4(r);
            if (v >= 0xD800 && v < 0xDC00) {
                if (r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u') die_line(r->line, "lone surrogate");
                r->p += 2;
                unsigned lo = hex4(r);
                if (lo < 0xDC00 || lo >= 0xE000) die_line(r->line, "invalid surrogate pair");
                v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
            } else if (v >= 0xDC00 && v < 0xE000) {
                die_line(r->line, "lone surrogate");
            }
            if (out) g_string_append_unichar(out, v);
            continue;
        }
        default: die_line(r->line, "invalid escape");
        }
        if (out) g_string_append_c(out, ch);
    }
}

static void parse_value(Reader *r, int depth);

static void parse_object(Reader *r, int depth, int top) {
    r->p++;
    skip_ws(r);
    if (r->p < r->end && *r->p == '}') { r->p++; return; }
    while (1) {
        skip_ws(r);
        if (r->p >= r->end || *r->p != '"') die_line(r->line, "expected a key");
        const char *key = r->p + 1;
        parse_string(r, NULL);
        int is_text = top && (r->p - key - 1) == 4 && memcmp(key, "text", 4) == 0;
        skip_ws(r);
        if (r->p >= r->end || *r->p != ':') die_line(r->line, "expected ':'");
        r->p++;
        skip_ws(r);
        if (is_text) {
            if (r->p >= r->end || *r->p != '"') die_line(r->line, "field \"text\" must be a string");
            g_string_truncate(r->out, 0);
            parse_string(r, r->out);
            r->found = 1;
        } else {
            parse_value(r, depth + 1);
        }
        skip_ws(r);
        if (r->p < r->end && *r->p == ',') { r->p++; continue; }
        if (r->p < r->end && *r->p == '}') { r->p++; return; }
        die_line(r->line, "expected ',' or '}'");
    }
}

static void parse_value(Reader *r, int depth) {
    if (depth > 512) die_line(r->line, "nesting too deep");
    skip_ws(r);
    if (r->p >= r->end) die_line(r->line, "expected a value");
    char c = *r->p;
    if (c == '"') { parse_string(r, NULL); return; }
    if (c == '{') { parse_object(r, depth, 0); return; }
    if (c == '[') {
        r->p++;
        skip_ws(r);
        if (r->p < r->end && *r->p == ']') { r->p++; return; }
        while (1) {
            parse_value(r, depth + 1);
            skip_ws(r);
            if (r->p < r->end && *r->p == ',') { r->p++; continue; }
            if (r->p < r->end && *r->p == ']') { r->p++; return; }
            die_line(r->line, "expected ',' or ']'");
        }
    }
    if (!strncmp(r->p, "true", 4)) { r->p += 4; return; }
    if (!strncmp(r->p, "false", 5)) { r->p += 5; return; }
    if (!strncmp(r->p, "null", 4)) { r->p += 4; return; }
    if (c == '-' || (c >= '0' && c <= '9')) {
        char *end;
        strtod(r->p, &end);
        if (end == r->p) die_line(r->line, "invalid number");
        r->p = end;
        return;
    }
    die_line(r->line, "invalid value");
}

static void read_text(const char *line, size_t len, long lineno, GString *out) {
    Reader r = {line, line + len, lineno, out, 0};
    if (!g_utf8_validate(line, (gssize)len, NULL)) die_line(lineno, "invalid UTF-8");
    skip_ws(&r);
    if (r.p >= r.end || *r.p != '{') die_line(lineno, "expected a JSON object");
    parse_object(&r, 0, 1);
    skip_ws(&r);
    if (r.p != r.end) die_line(lineno, "unexpected data after the object");
    if (!r.found) die_line(lineno, "field \"text\" is missing");
}

/* ---- Pango setup. */

static void no_hinting(FcPattern *pattern, gpointer data) {
    (void)data;
    FcPatternDel(pattern, FC_HINTING);
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
    FcPatternDel(pattern, FC_HINT_STYLE);
    FcPatternAddInteger(pattern, FC_HINT_STYLE, FC_HINT_NONE);
    FcPatternDel(pattern, FC_AUTOHINT);
    FcPatternAddBool(pattern, FC_AUTOHINT, FcFalse);
}

int main(int argc, char **argv) {
    const char *font = NULL, *input = NULL;
    double sizes[MAX_VALUES] = {17}, widths[MAX_VALUES] = {375};
    int nsizes = 1, nwidths = 1, nwraps = 1, stats = 0, metrics = 0, breaks = 0;
    long explain = 0;
    PangoWrapMode wraps[2] = {PANGO_WRAP_WORD_CHAR, PANGO_WRAP_CHAR};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--font") && v) { font = v; i++; }
        else if (!strcmp(a, "--input") && v) { input = v; i++; }
        else if (!strcmp(a, "--size") && v) { nsizes = parse_list(v, sizes, MAX_VALUES); i++; }
        else if (!strcmp(a, "--width") && v) { nwidths = parse_list(v, widths, MAX_VALUES); i++; }
        else if (!strcmp(a, "--wrap") && v) {
            nwraps = 0;
            char *copy = strdup(v), *save = NULL;
            for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                if (nwraps == 2) die("at most two wrap modes");
                if (!strcmp(t, "word")) wraps[nwraps++] = PANGO_WRAP_WORD_CHAR;
                else if (!strcmp(t, "char")) wraps[nwraps++] = PANGO_WRAP_CHAR;
                else die("--wrap takes word or char");
            }
            free(copy);
            i++;
        }
        else if (!strcmp(a, "--stats")) stats = 1;
        else if (!strcmp(a, "--metrics")) metrics = 1;
        else if (!strcmp(a, "--breaks")) breaks = 1;
        else if (!strcmp(a, "--explain") && v) { explain = atol(v); i++; }
        else {
            fprintf(stderr, "usage: pango-oracle --font FILE [--size A,B] [--width A,B] [--wrap word,char] "
                            "[--input FILE] [--stats] [--explain LINE] [--metrics]\n");
            return 2;
        }
    }
    if (!font) die("--font FILE is required");
    if (access(font, R_OK) != 0) {
        fprintf(stderr, "pango-oracle: error: cannot read font %s: %s\n", font, strerror(errno));
        return 1;
    }

    FcConfig *config = FcConfigCreate();
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)font)) die("fontconfig cannot load the font file");
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    FcChar8 *family = NULL;
    if (!set || set->nfont < 1 || FcPatternGetString(set->fonts[0], FC_FAMILY, 0, &family) != FcResultMatch)
        die("the font file has no family name");

    PangoFontMap *map = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    pango_fc_font_map_set_default_substitute(PANGO_FC_FONT_MAP(map), no_hinting, NULL, NULL);
    PangoContext *context = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(context, FALSE);

    PangoAttrList *attrs = pango_attr_list_new();
    pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));

    int ncombos = nsizes * nwidths * nwraps;
    PangoLayout **layouts = calloc((size_t)ncombos, sizeof *layouts);
    int k = 0;
    for (int s = 0; s < nsizes; s++) {
        PangoFontDescription *desc = pango_font_description_new();
        pango_font_description_set_family(desc, (const char *)family);
        pango_font_description_set_absolute_size(desc, sizes[s] * PANGO_SCALE);
        for (int w = 0; w < nwidths; w++)
            for (int m = 0; m < nwraps; m++) {
                PangoLayout *layout = pango_layout_new(context);
                pango_layout_set_font_description(layout, desc);
                pango_layout_set_attributes(layout, attrs);
                pango_layout_set_width(layout, (int)(widths[w] * PANGO_SCALE));
                pango_layout_set_wrap(layout, wraps[m]);
                pango_layout_set_spacing(layout, 0);
                layouts[k++] = layout;
            }
        if (metrics) {
            PangoLayout *probe = pango_layout_new(context);
            pango_layout_set_font_description(probe, desc);
            pango_layout_set_text(probe, "A", -1);
            PangoRectangle logical;
            pango_layout_get_extents(probe, NULL, &logical);
            PangoLayoutIter *iter = pango_layout_get_iter(probe);
            int baseline = pango_layout_iter_get_baseline(iter);
            pango_layout_iter_free(iter);
            fprintf(stderr, "pango-oracle: %s %g pt: 'A' width %d units (%.4f pt), line height %d units (%.4f pt), "
                            "ascent %d, descent %d\n",
                    (const char *)family, sizes[s], logical.width, logical.width / 1024.0, logical.height,
                    logical.height / 1024.0, baseline, logical.height - baseline);
            g_object_unref(probe);
        }
        pango_font_description_free(desc);
    }

    FILE *in = stdin;
    if (input && strcmp(input, "-") != 0) {
        in = fopen(input, "rb");
        if (!in) {
            fprintf(stderr, "pango-oracle: error: cannot open %s: %s\n", input, strerror(errno));
            return 1;
        }
        input_name = input;
    }
    GString *text = g_string_new(NULL);
    GString *out = g_string_new(NULL);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0, rows = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while ((len = getline(&line, &cap, in)) >= 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
        if (explain && lineno != explain) continue;
        read_text(line, (size_t)len, lineno, text);
        rows++;
        if (breaks) {
            /* Pango's own break opportunities, in character offsets: {"breaks":[...],"mandatory":[...]} */
            pango_layout_set_text(layouts[0], text->str, (int)text->len);
            int n = 0;
            const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(layouts[0], &n);
            GString *mandatory = g_string_new(NULL);
            g_string_assign(out, "{\"breaks\":[");
            int first = 1;
            for (int i = 1; i < n; i++) {
                if (!attrs[i].is_line_break) continue;
                g_string_append_printf(out, first ? "%d" : ",%d", i);
                if (attrs[i].is_mandatory_break) g_string_append_printf(mandatory, mandatory->len ? ",%d" : "%d", i);
                first = 0;
            }
            g_string_append_printf(out, "],\"mandatory\":[%s]}\n", mandatory->str);
            g_string_free(mandatory, TRUE);
            fwrite(out->str, 1, out->len, stdout);
            continue;
        }
        g_string_assign(out, "{\"counts\":[");
        for (int c = 0; c < ncombos; c++) {
            pango_layout_set_text(layouts[c], text->str, (int)text->len);
            int count = pango_layout_get_line_count(layouts[c]);
            g_string_append_printf(out, c ? ",%d" : "%d", count);
            if (explain) {
                for (int i = 0; i < count; i++) {
                    PangoLayoutLine *l = pango_layout_get_line_readonly(layouts[c], i);
                    PangoRectangle logical;
                    pango_layout_line_get_extents(l, NULL, &logical);
                    fprintf(stderr, "combo %d line %d: bytes %d+%d width %d (%.4f pt) \"%.*s\"\n", c, i,
                            l->start_index, l->length, logical.width, logical.width / 1024.0, l->length,
                            text->str + l->start_index);
                }
            }
        }
        g_string_append(out, "]}\n");
        fwrite(out->str, 1, out->len, stdout);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (stats) {
        double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        fprintf(stderr, "pango-oracle: %ld rows x %d combinations in %.3f s: %.0f rows/s, %.0f layouts/s\n", rows,
                ncombos, seconds, rows / seconds, rows * ncombos / seconds);
    }
    free(line);
    return 0;
}
