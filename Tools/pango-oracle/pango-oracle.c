/*
 * pango-oracle: line counts of texts laid out by Pango 1.50, the accuracy reference of
 * RowHeight's `.pango` profile (see DESIGN.md, "Accuracy reference", and README.md here).
 *
 * Setup: one font file in a private fontconfig configuration (no system font is ever used, not
 * even for fallback), PangoFT2 at 72 dpi (so 1 pt = 1 px = PANGO_SCALE units), hinting off,
 * round_glyph_positions off, wrap PANGO_WRAP_WORD_CHAR ("word") or PANGO_WRAP_CHAR ("char"),
 * hyphen insertion off, line spacing 0.
 *
 * Input: JSON Lines (stdin, or --input FILE), one object per line with a string field "text"
 * (other fields are ignored).
 * Output: one line per input line, {"counts":[...]}, the line count of every combination,
 * ordered size-major, then width, then wrap (each in the order given on the command line).
 *
 * Run with --help for the options.
 */
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_VALUES 16

static const char *usage =
    "usage: pango-oracle [--font FILE[#N]]... [--fontconfig-file CONF] [--size PT[,PT...]] [--width PT[,PT...]]\n"
    "                    [--wrap word|char[,...]] [--input FILE] [--markup] [--lines-only] [--stats] [--quiet]\n"
    "       pango-oracle ... --explain LINE [--glyphs]\n"
    "       pango-oracle ... --breaks\n"
    "\n"
    "  --font FILE     a font file Pango may use; repeat for a fallback chain (the files' families, in\n"
    "                  order, are the family list; faces of one family may be given together). Default:\n"
    "                  <repo>/fonts/DejaVuSans.ttf, <repo> found from this binary's location\n"
    "  --fontconfig-file CONF  also load this fontconfig configuration file (rules only, e.g. Debian's\n"
    "                  /etc/fonts/conf.d/10-scale-bitmap-fonts.conf for colour bitmap fonts)\n"
    "  --markup        the texts are Pango markup (pango_parse_markup), not plain text\n"
    "  --heights       also print each combination's layout height in Pango units: {\"counts\":[...],\"heights\":[...]}\n"
    "  --size PT       font sizes in points (repeatable or comma list; default 17)\n"
    "  --width PT      layout widths in points (repeatable or comma list; default 375)\n"
    "  --wrap MODE     word (PANGO_WRAP_WORD_CHAR) or char (PANGO_WRAP_CHAR) (repeatable or comma list;\n"
    "                  default word)\n"
    "  --input FILE    JSON Lines to read (default: standard input; - is standard input)\n"
    "  --lines-only    print each row's counts as plain space-separated numbers, not JSON\n"
    "  --stats         report rows/s and layouts/s to standard error (alias: --benchmark)\n"
    "  --quiet         do not print the font metrics to standard error\n"
    "  --explain LINE  only lay out input line LINE (1-based) and describe every line of every\n"
    "                  combination: start and length in Unicode scalars, logical width in Pango units\n"
    "  --glyphs        with --explain, also list each line's glyphs (id, width, cluster)\n"
    "  --breaks        print Pango's break opportunities and char breaks per row (scalar offsets), no layout\n"
    "\n"
    "Output: one line per input row, {\"counts\":[...]}, combinations ordered size-major, then width,\n"
    "then wrap, each in the order given.\n";

static const char *input_name = "<stdin>";

static void die(const char *message) {
    fprintf(stderr, "pango-oracle: error: %s\n", message);
    exit(1);
}

static void die_line(long line, const char *message) {
    fprintf(stderr, "pango-oracle: error: %s:%ld: %s\n", input_name, line, message);
    exit(1);
}

/* Appends the comma-separated positive numbers of arg to values. */
static int parse_list(const char *option, const char *arg, double *values, int n) {
    char *copy = strdup(arg), *save = NULL;
    int any = 0;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n == MAX_VALUES) die("too many sizes or widths (at most 16 each)");
        char *end;
        errno = 0;
        double v = strtod(tok, &end);
        if (*end || errno || !isfinite(v) || !(v > 0) || v > 100000) {
            fprintf(stderr, "pango-oracle: error: %s takes positive numbers of points, not '%s'\n", option, tok);
            exit(1);
        }
        values[n++] = v;
        any = 1;
    }
    free(copy);
    if (!any) {
        fprintf(stderr, "pango-oracle: error: %s needs a value\n", option);
        exit(1);
    }
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
        else die_line(r->line, "invalid \\u escape (needs 4 hex digits)");
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
        if (c < 0x20) die_line(r->line, "unescaped control character in a string");
        if (c != '\\') {
            /* Copy the run of plain bytes at once (the line is already valid UTF-8). */
            const char *start = r->p;
            while (r->p < r->end && *r->p != '"' && *r->p != '\\' && (unsigned char)*r->p >= 0x20) r->p++;
            if (out) g_string_append_len(out, start, r->p - start);
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
                if (r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u')
                    die_line(r->line, "high surrogate escape not followed by a low surrogate escape");
                r->p += 2;
                unsigned lo = hex4(r);
                if (lo < 0xDC00 || lo >= 0xE000)
                    die_line(r->line, "high surrogate escape not followed by a low surrogate escape");
                v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
            } else if (v >= 0xDC00 && v < 0xE000) {
                die_line(r->line, "lone low surrogate escape");
            } else if (v == 0 && out) {
                die_line(r->line, "\\u0000 in \"text\" is not supported (Pango takes NUL-free UTF-8)");
            }
            if (out) g_string_append_unichar(out, v);
            continue;
        }
        default: die_line(r->line, "invalid escape");
        }
        if (out) g_string_append_c(out, ch);
    }
}

static int is_digit(const Reader *r) { return r->p < r->end && *r->p >= '0' && *r->p <= '9'; }

/* Skips a number following the JSON grammar exactly. */
static void parse_number(Reader *r) {
    if (r->p < r->end && *r->p == '-') r->p++;
    if (!is_digit(r)) die_line(r->line, "invalid number");
    if (*r->p == '0') r->p++;
    else while (is_digit(r)) r->p++;
    if (r->p < r->end && *r->p == '.') {
        r->p++;
        if (!is_digit(r)) die_line(r->line, "invalid number");
        while (is_digit(r)) r->p++;
    }
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        r->p++;
        if (r->p < r->end && (*r->p == '+' || *r->p == '-')) r->p++;
        if (!is_digit(r)) die_line(r->line, "invalid number");
        while (is_digit(r)) r->p++;
    }
}

static int literal(Reader *r, const char *word) {
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0) return 0;
    r->p += n;
    return 1;
}

static void parse_value(Reader *r, int depth);

static void parse_object(Reader *r, int depth, int top) {
    r->p++;
    skip_ws(r);
    if (r->p < r->end && *r->p == '}') { r->p++; return; }
    while (1) {
        skip_ws(r);
        if (r->p >= r->end || *r->p != '"') die_line(r->line, "expected a key string");
        const char *key = r->p + 1;
        parse_string(r, NULL);
        /* An escaped key spelling "text" is not recognised; nobody writes one. */
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
    if (literal(r, "true") || literal(r, "false") || literal(r, "null")) return;
    if (c == '-' || (c >= '0' && c <= '9')) { parse_number(r); return; }
    die_line(r->line, "invalid value");
}

static void read_text(const char *line, size_t len, long lineno, GString *out) {
    Reader r = {line, line + len, lineno, out, 0};
    if (!g_utf8_validate(line, (gssize)len, NULL)) die_line(lineno, "invalid UTF-8 (or a NUL byte)");
    skip_ws(&r);
    if (r.p >= r.end) die_line(lineno, "empty line, expected a JSON object");
    if (*r.p != '{') die_line(lineno, "expected a JSON object");
    parse_object(&r, 0, 1);
    skip_ws(&r);
    if (r.p != r.end) die_line(lineno, "unexpected data after the object");
    if (!r.found) die_line(lineno, "field \"text\" is missing");
}

/* ---- Output helpers. */

static void append_json_string(GString *s, const char *text, int len) {
    g_string_append_c(s, '"');
    for (int i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '"' || c == '\\') g_string_append_printf(s, "\\%c", c);
        else if (c == '\n') g_string_append(s, "\\n");
        else if (c == '\t') g_string_append(s, "\\t");
        else if (c < 0x20) g_string_append_printf(s, "\\u%04x", c);
        else g_string_append_c(s, (char)c);
    }
    g_string_append_c(s, '"');
}

static const char *wrap_name(PangoWrapMode mode) { return mode == PANGO_WRAP_CHAR ? "char" : "word"; }

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

/* <repo>/fonts/DejaVuSans.ttf, with <repo> three levels above this binary's directory. */
static char *default_font(void) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = 0;
    char *dir = exe;
    for (int i = 0; i < 4; i++) dir = dirname(dir); /* build, pango-oracle, Tools, <repo> */
    return g_build_filename(dir, "fonts", "DejaVuSans.ttf", NULL);
}

/* The font's own advance of 'A' in font units and its units per em, read with FreeType unscaled. */
static int font_advance_of_A(const char *path, long *advance, long *upem) {
    FT_Library lib;
    FT_Face face;
    if (FT_Init_FreeType(&lib)) return 0;
    int ok = 0;
    if (!FT_New_Face(lib, path, 0, &face)) {
        FT_UInt glyph = FT_Get_Char_Index(face, 'A');
        if (glyph && !FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE)) {
            *advance = face->glyph->advance.x;
            *upem = face->units_per_EM;
            ok = 1;
        }
        FT_Done_Face(face);
    }
    FT_Done_FreeType(lib);
    return ok;
}

/* Prints, once per size, what Pango reports for the font: font metrics, the first line of a
 * layout holding "A" (its height, baseline = ascent, descent = height - baseline), and the
 * advance of 'A' against the unhinted value computed from the font itself. */
/* Computes the font metrics of one font of a fontset (for the context's language), at top level. */
static gboolean warm_metrics(PangoFontset *set, PangoFont *font, gpointer data) {
    (void)set;
    PangoFontMetrics *metrics = pango_font_get_metrics(font, NULL);
    if (pango_font_metrics_get_approximate_char_width(metrics) <= 0) *(int *)data = 1;
    pango_font_metrics_unref(metrics);
    return FALSE;
}

/* Pango 1.50 computes a font's metrics once per language, the first time they are asked for, and
 * derives its approximate character width by laying out a sample text (pango_fc_font_get_metrics).
 * A font whose metrics are first asked for while another font's sample text is laid out (the
 * line heights of that sample ask for the metrics of every font in it) is guarded against
 * recursion by a static flag and keeps an approximate width of 0 for the rest of the process.
 * process_item's safe_distance (3 x that width) decides which line-end candidates are measured
 * by shaping, so a row's lines depended on what was laid out before it. Every font of the chain
 * at every size gets its metrics here, before any row, in chain order, so that none is ever a
 * victim: every row is laid out as by a Pango without the recursion artefact, whatever came
 * before it. */
static void warm_font_metrics(PangoFontMap *map, PangoContext *context, const PangoFontDescription *desc) {
    PangoFontDescription *base = pango_font_description_copy(pango_context_get_font_description(context));
    pango_font_description_merge(base, desc, TRUE); /* as pango_layout_check_lines merges them */
    PangoFontset *set = pango_font_map_load_fontset(map, context, base, pango_context_get_language(context));
    int zero = 0;
    if (set) {
        pango_fontset_foreach(set, warm_metrics, &zero);
        g_object_unref(set);
    }
    pango_font_description_free(base);
    if (zero) fprintf(stderr, "pango-oracle: warning: a font has an approximate character width of 0\n");
}

static void print_metrics(PangoContext *context, const PangoFontDescription *desc, const char *family,
                          const char *font_path, double size) {
    PangoLayout *probe = pango_layout_new(context);
    pango_layout_set_font_description(probe, desc);
    pango_layout_set_text(probe, "A", -1);
    PangoRectangle logical;
    pango_layout_line_get_extents(pango_layout_get_line_readonly(probe, 0), NULL, &logical);
    int baseline = pango_layout_get_baseline(probe);
    PangoFont *font = pango_context_load_font(context, desc);
    PangoFontMetrics *m = pango_font_get_metrics(font, NULL);
    long advance = 0, upem = 0;
    char check[160] = "";
    if (font_advance_of_A(font_path, &advance, &upem)) {
        double exact = (double)advance * size * PANGO_SCALE / (double)upem;
        snprintf(check, sizeof check, ", font: %ld/%ld em = %.3f units -> %s", advance, upem, exact,
                 fabs(logical.width - exact) <= 1.0 ? "unhinted" : "HINTED OR ROUNDED (setup is wrong)");
    }
    fprintf(stderr,
            "pango-oracle: Pango %s, %s %g pt: font metrics ascent %d descent %d height %d; "
            "line of \"A\": height %d (%.4f pt) baseline %d descent %d; 'A' width %d (%.4f pt)%s\n",
            pango_version_string(), family, size, pango_font_metrics_get_ascent(m),
            pango_font_metrics_get_descent(m), pango_font_metrics_get_height(m), logical.height,
            logical.height / (double)PANGO_SCALE, baseline, logical.height - baseline, logical.width,
            logical.width / (double)PANGO_SCALE, check);
    pango_font_metrics_unref(m);
    g_object_unref(font);
    g_object_unref(probe);
}

/* Describes every line of a laid-out row (for --explain). */
static void explain_layout(PangoLayout *layout, const char *text, double size, double width, PangoWrapMode wrap,
                           int glyphs, GString *out) {
    int count = pango_layout_get_line_count(layout);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    g_string_append_printf(out, "size %g width %g (%d units) %s: %d line%s, layout height %d\n", size, width,
                           (int)(width * PANGO_SCALE), wrap_name(wrap), count, count == 1 ? "" : "s",
                           logical.height);
    for (int i = 0; i < count; i++) {
        PangoLayoutLine *line = pango_layout_get_line_readonly(layout, i);
        PangoRectangle ext;
        pango_layout_line_get_extents(line, NULL, &ext);
        long start = g_utf8_pointer_to_offset(text, text + line->start_index);
        long length = g_utf8_pointer_to_offset(text + line->start_index, text + line->start_index + line->length);
        /* Width without the trailing white space the line ends with (which Pango lets hang). */
        int visible = line->length;
        while (visible > 0) {
            const char *prev = g_utf8_find_prev_char(text + line->start_index, text + line->start_index + visible);
            if (!prev || !g_unichar_isspace(g_utf8_get_char(prev))) break;
            visible = (int)(prev - (text + line->start_index));
        }
        int x = 0;
        pango_layout_line_index_to_x(line, line->start_index + visible, FALSE, &x);
        g_string_append_printf(out, "  line %d: scalars %ld+%ld, width %d (%.4f pt), without trailing spaces %d, height %.4f pt: ",
                               i + 1, start, length, ext.width, ext.width / (double)PANGO_SCALE, x,
                               ext.height / (double)PANGO_SCALE);
        append_json_string(out, text + line->start_index, line->length);
        g_string_append_c(out, '\n');
        if (!glyphs) continue;
        for (GSList *r = line->runs; r; r = r->next) {
            PangoGlyphItem *run = r->data;
            PangoFontDescription *fd = pango_font_describe(run->item->analysis.font);
            char *name = pango_font_description_to_string(fd);
            PangoRectangle run_logical;
            pango_glyph_string_extents(run->glyphs, run->item->analysis.font, NULL, &run_logical);
            g_string_append_printf(out, "    run (%s, level %d, language %s, ascent %d, descent %d, y_offset %d):", name,
                                   run->item->analysis.level, pango_language_to_string(run->item->analysis.language),
                                   -run_logical.y, run_logical.y + run_logical.height, run->y_offset);
            g_free(name);
            pango_font_description_free(fd);
            for (int g = 0; g < run->glyphs->num_glyphs; g++) {
                PangoGlyphInfo *gi = &run->glyphs->glyphs[g];
                int cluster = run->item->offset + run->glyphs->log_clusters[g];
                gunichar ch = g_utf8_get_char(text + cluster);
                g_string_append_printf(out, " [U+%04X glyph %s%u width %d]", ch,
                                       (gi->glyph & PANGO_GLYPH_UNKNOWN_FLAG) ? "unknown-" : "",
                                       gi->glyph & ~PANGO_GLYPH_UNKNOWN_FLAG, gi->geometry.width);
            }
            g_string_append_c(out, '\n');
        }
    }
}

int main(int argc, char **argv) {
    const char *fonts[MAX_VALUES] = {NULL}, *input = NULL, *conf = NULL;
    int nfonts = 0, markup = 0, heights = 0;
    double sizes[MAX_VALUES] = {17}, widths[MAX_VALUES] = {375};
    int nsizes = 0, nwidths = 0, nwraps = 0, stats = 0, quiet = 0, breaks = 0, lines_only = 0, glyphs = 0;
    long explain = 0;
    PangoWrapMode wraps[MAX_VALUES] = {PANGO_WRAP_WORD_CHAR};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes_value = !strcmp(a, "--font") || !strcmp(a, "--input") || !strcmp(a, "--size") ||
                          !strcmp(a, "--fontconfig-file") ||
                          !strcmp(a, "--width") || !strcmp(a, "--wrap") || !strcmp(a, "--explain");
        if (takes_value && !v) {
            fprintf(stderr, "pango-oracle: error: %s needs a value\n", a);
            return 2;
        }
        if (takes_value) i++;
        if (!strcmp(a, "--font")) {
            if (nfonts == MAX_VALUES) die("too many fonts");
            fonts[nfonts++] = v;
        } else if (!strcmp(a, "--fontconfig-file")) conf = v;
        else if (!strcmp(a, "--markup")) markup = 1;
        else if (!strcmp(a, "--input")) input = v;
        else if (!strcmp(a, "--size")) nsizes = parse_list(a, v, sizes, nsizes);
        else if (!strcmp(a, "--width")) nwidths = parse_list(a, v, widths, nwidths);
        else if (!strcmp(a, "--wrap")) {
            char *copy = strdup(v), *save = NULL;
            for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                if (nwraps == MAX_VALUES) die("too many wrap modes");
                if (!strcmp(t, "word")) wraps[nwraps++] = PANGO_WRAP_WORD_CHAR;
                else if (!strcmp(t, "char")) wraps[nwraps++] = PANGO_WRAP_CHAR;
                else die("--wrap takes word or char");
            }
            free(copy);
        } else if (!strcmp(a, "--explain")) {
            char *end;
            explain = strtol(v, &end, 10);
            if (*end || explain < 1) die("--explain takes a 1-based input line number");
        } else if (!strcmp(a, "--stats") || !strcmp(a, "--benchmark")) stats = 1;
        else if (!strcmp(a, "--metrics")) quiet = 0; /* metrics are printed by default */
        else if (!strcmp(a, "--quiet")) quiet = 1;
        else if (!strcmp(a, "--lines-only")) lines_only = 1;
        else if (!strcmp(a, "--heights")) heights = 1;
        else if (!strcmp(a, "--glyphs")) glyphs = 1;
        else if (!strcmp(a, "--breaks")) breaks = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        } else {
            fprintf(stderr, "pango-oracle: error: unknown option %s\n%s", a, usage);
            return 2;
        }
    }
    if (nsizes == 0) nsizes = 1;
    if (nwidths == 0) nwidths = 1;
    if (nwraps == 0) nwraps = 1;
    char *fallback_font = NULL;
    if (nfonts == 0) {
        fallback_font = default_font();
        if (!fallback_font) die("cannot locate the repository from the binary; give --font FILE");
        fonts[nfonts++] = fallback_font;
    }
    const char *font = fonts[0];

    /* A fresh, empty fontconfig configuration holding just the given files: no system fonts; the
     * families in the order of the files are the fallback chain. An optional configuration file
     * (e.g. Debian's 10-scale-bitmap-fonts.conf) adds rules, never fonts. */
    FcConfig *config = FcConfigCreate();
    if (conf && !FcConfigParseAndLoad(config, (const FcChar8 *)conf, FcTrue))
        die("fontconfig cannot load the --fontconfig-file");
    GString *family_list = g_string_new(NULL);
    for (int f = 0; f < nfonts; f++) {
        /* FILE#N: face N of a collection names the family (all its faces are in the set). */
        char *path = g_strdup(fonts[f]);
        int face = 0;
        char *hash = strrchr(path, '#');
        if (hash && hash[1]) {
            char *end = NULL;
            long n = strtol(hash + 1, &end, 10);
            if (!*end && n >= 0) { face = (int)n; *hash = 0; }
        }
        if (access(path, R_OK) != 0) {
            fprintf(stderr, "pango-oracle: error: cannot read font %s: %s\n", path, strerror(errno));
            return 1;
        }
        FcFontSet *before = FcConfigGetFonts(config, FcSetApplication);
        int had = before ? before->nfont : 0;
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)path)) die("fontconfig cannot load a font file");
        g_free(path);
        FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
        FcChar8 *fam = NULL;
        int chosen = had;
        for (int k = had; set && k < set->nfont; k++) {
            int index = 0;
            if (FcPatternGetInteger(set->fonts[k], FC_INDEX, 0, &index) == FcResultMatch && index == face) {
                chosen = k;
                break;
            }
        }
        if (!set || set->nfont <= had || FcPatternGetString(set->fonts[chosen], FC_FAMILY, 0, &fam) != FcResultMatch)
            die("a font file has no family name");
        /* A colour font (Noto Color Emoji) is not named: as on a desktop, Pango reaches it through
         * the generic family "emoji" that it asks for in emoji runs (Debian's 45-generic.conf and
         * 60-generic.conf, which the pattern substitution applies, resolve "emoji" to the colour
         * font among the configuration's fonts) and as fontconfig's fallback after the named
         * families. Naming it would make 45-generic.conf add "emoji" to every pattern, whose
         * colour preference (60-generic.conf) then outranks the family order: digits, spaces and
         * © of plain text would come from the emoji font, which no desktop font setting does. */
        FcBool color = FcFalse;
        if (FcPatternGetBool(set->fonts[chosen], FC_COLOR, 0, &color) == FcResultMatch && color && f > 0) continue;
        /* Once per family, in chain order (faces of one family share it). */
        int seen = 0;
        gchar **names = g_strsplit(family_list->str, ",", -1);
        for (gchar **n = names; *n; n++) if (!strcmp(*n, (const char *)fam)) seen = 1;
        g_strfreev(names);
        if (!seen) {
            if (family_list->len) g_string_append_c(family_list, ',');
            g_string_append(family_list, (const char *)fam);
        }
    }
    const char *family = family_list->str;

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
        pango_font_description_set_family(desc, family);
        pango_font_description_set_absolute_size(desc, sizes[s] * PANGO_SCALE);
        for (int w = 0; w < nwidths; w++)
            for (int m = 0; m < nwraps; m++) {
                PangoLayout *layout = pango_layout_new(context);
                pango_layout_set_font_description(layout, desc);
                pango_layout_set_attributes(layout, attrs);
                pango_layout_set_width(layout, (int)lround(widths[w] * PANGO_SCALE));
                pango_layout_set_wrap(layout, wraps[m]);
                pango_layout_set_spacing(layout, 0);
                layouts[k++] = layout;
            }
        warm_font_metrics(map, context, desc);
        if (!quiet) print_metrics(context, desc, family, font, sizes[s]);
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
    GString *height_list = g_string_new(NULL);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0, rows = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while ((len = getline(&line, &cap, in)) >= 0) {
        lineno++;
        if (explain && lineno != explain) continue;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
        read_text(line, (size_t)len, lineno, text);
        rows++;
        g_string_truncate(out, 0);
        if (breaks) {
            /* Pango's own break opportunities, in scalar offsets: {"breaks":[...],"mandatory":[...]} */
            pango_layout_set_text(layouts[0], text->str, (int)text->len);
            int n = 0;
            const PangoLogAttr *log = pango_layout_get_log_attrs_readonly(layouts[0], &n);
            GString *mandatory = g_string_new(NULL);
            GString *chars = g_string_new(NULL);
            g_string_append(out, "{\"breaks\":[");
            int first = 1;
            for (int i = 1; i < n; i++) {
                if (log[i].is_char_break) g_string_append_printf(chars, chars->len ? ",%d" : "%d", i);
                if (!log[i].is_line_break) continue;
                g_string_append_printf(out, first ? "%d" : ",%d", i);
                if (log[i].is_mandatory_break) g_string_append_printf(mandatory, mandatory->len ? ",%d" : "%d", i);
                first = 0;
            }
            g_string_append_printf(out, "],\"mandatory\":[%s],\"chars\":[%s]}\n", mandatory->str, chars->str);
            g_string_free(mandatory, TRUE);
            g_string_free(chars, TRUE);
            fwrite(out->str, 1, out->len, stdout);
            continue;
        }
        if (explain) {
            g_string_append(out, "text: ");
            append_json_string(out, text->str, (int)text->len);
            g_string_append_printf(out, " (%ld scalars, %zu bytes)\n", g_utf8_strlen(text->str, (gssize)text->len),
                                   text->len);
        }
        if (!lines_only && !explain) g_string_append(out, "{\"counts\":[");
        for (int c = 0; c < ncombos; c++) {
            if (markup) {
                pango_layout_set_markup(layouts[c], text->str, (int)text->len);
                /* set_markup replaces the attribute list: put hyphen insertion off back on top. */
                PangoAttrList *merged = pango_layout_get_attributes(layouts[c]);
                if (merged) pango_attr_list_insert(merged, pango_attr_insert_hyphens_new(FALSE));
            } else {
                pango_layout_set_text(layouts[c], text->str, (int)text->len);
            }
            if (explain) {
                int s = c / (nwidths * nwraps), w = (c / nwraps) % nwidths, m = c % nwraps;
                explain_layout(layouts[c], text->str, sizes[s], widths[w], wraps[m], glyphs, out);
                continue;
            }
            int count = pango_layout_get_line_count(layouts[c]);
            g_string_append_printf(out, c ? (lines_only ? " %d" : ",%d") : "%d", count);
            if (heights) {
                int w = 0, h = 0;
                pango_layout_get_size(layouts[c], &w, &h);
                g_string_append_printf(height_list, c ? ",%d" : "%d", h);
            }
        }
        if (heights && !lines_only && !explain) {
            g_string_append_printf(out, "],\"heights\":[%s", height_list->str);
            g_string_truncate(height_list, 0);
        }
        if (!explain) g_string_append(out, lines_only ? "\n" : "]}\n");
        fwrite(out->str, 1, out->len, stdout);
    }
    if (ferror(in)) {
        fprintf(stderr, "pango-oracle: error: %s: read error\n", input_name);
        return 1;
    }
    if (explain && rows == 0) {
        fprintf(stderr, "pango-oracle: error: %s has no line %ld\n", input_name, explain);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (stats) {
        double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        fprintf(stderr, "pango-oracle: %ld rows x %d combinations in %.3f s: %.0f rows/s, %.0f layouts/s\n", rows,
                ncombos, seconds, rows / seconds, rows * ncombos / seconds);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) die("cannot write the output");
    for (int c = 0; c < ncombos; c++) g_object_unref(layouts[c]);
    free(layouts);
    pango_attr_list_unref(attrs);
    g_object_unref(context);
    g_object_unref(map);
    g_string_free(text, TRUE);
    g_string_free(out, TRUE);
    g_free(fallback_font);
    free(line);
    if (in != stdin) fclose(in);
    return 0;
}
