/* literal.c — many fixed strings at once (grep -F -f LIST, or -f lists of
 * plain words): an Aho-Corasick automaton, linear in the subject whatever
 * the number of strings, where one PCRE2 alternation of thousands of
 * branches would be slow (and too large to compile).
 *
 * Semantics are POSIX's: the leftmost match, the longest at that start;
 * RX_ICASE folds ASCII letters (lists with other bytes and -i stay with
 * PCRE2), RX_WORD keeps only matches with non-word characters (or the
 * ends) on both sides, RX_LINE only a string equal to the whole subject.
 * Never recursive; the trie lives in one array charged to sk_alloc. */
#include <string.h>
#include <utf8proc.h>

#include "literal.h"

typedef struct ac_node {
    uint32_t child;      /* first child (0: none; the root is never a child) */
    uint32_t sibling;
    uint32_t fail;
    uint32_t out;        /* next terminal node on the failure chain (0: none) */
    uint32_t len;        /* length of the string ending here + 1, or 0 */
    unsigned char byte;
} ac_node;

struct rx_ac {
    sk_alloc *a;
    ac_node *nodes;
    size_t n, cap;
    uint32_t root_next[256];
    size_t maxlen;
    int has_empty, icase, word, line;
};

static unsigned char fold(const rx_ac *ac, unsigned char c)
{
    return ac->icase && c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static uint32_t child_of(const rx_ac *ac, uint32_t u, unsigned char c)
{
    if (u == 0) return ac->root_next[c];
    for (uint32_t v = ac->nodes[u].child; v; v = ac->nodes[v].sibling)
        if (ac->nodes[v].byte == c) return v;
    return 0;
}

static int add_node(rx_ac *ac, uint32_t parent, unsigned char c, uint32_t *out)
{
    if (ac->n == ac->cap) {
        size_t nc = ac->cap * 2;
        if (nc > 0xfffffff0u) return -1;
        ac_node *nn = sk_realloc(ac->a, ac->nodes, nc * sizeof *nn);
        if (!nn) return -1;
        ac->nodes = nn;
        ac->cap = nc;
    }
    uint32_t v = (uint32_t)ac->n++;
    memset(&ac->nodes[v], 0, sizeof ac->nodes[v]);
    ac->nodes[v].byte = c;
    if (parent == 0) {
        ac->root_next[c] = v;
    } else {
        ac->nodes[v].sibling = ac->nodes[parent].child;
        ac->nodes[parent].child = v;
    }
    *out = v;
    return 0;
}

int rx_ac_eligible(rx_dialect d, unsigned flags, const char *const *pats, const size_t *lens, size_t n)
{
    if (n < 16) return 0;
    if (flags & (RX_MULTILINE | RX_SED)) return 0;
    if (d != RX_LITERAL && d != RX_BRE && d != RX_ERE) return 0;
    const char *special = d == RX_LITERAL ? "" : d == RX_BRE ? "\\[.*^$" : "\\[.*^$+?{}|()";
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < lens[i]; k++) {
            unsigned char c = (unsigned char)pats[i][k];
            if (c == '\n') return 0;
            if (c && strchr(special, c)) return 0;
            if (c >= 0x80 && (flags & RX_ICASE)) return 0;
        }
    }
    return 1;
}

void rx_ac_free(rx_ac *ac)
{
    if (!ac) return;
    sk_free(ac->a, ac->nodes);
    sk_free(ac->a, ac);
}

int rx_ac_build(rx_ac **out, sk_alloc *a, unsigned flags, const char *const *pats, const size_t *lens,
                size_t n)
{
    *out = NULL;
    rx_ac *ac = sk_malloc(a, sizeof *ac);
    if (!ac) return RX_ENOMEM;
    memset(ac, 0, sizeof *ac);
    ac->a = a;
    ac->icase = (flags & RX_ICASE) != 0;
    ac->word = (flags & RX_WORD) != 0;
    ac->line = (flags & RX_LINE) != 0;
    ac->cap = 64;
    ac->nodes = sk_malloc(a, ac->cap * sizeof *ac->nodes);
    if (!ac->nodes) goto nomem;
    memset(&ac->nodes[0], 0, sizeof ac->nodes[0]);
    ac->n = 1;
    for (size_t i = 0; i < n; i++) {
        if (lens[i] == 0) {
            ac->has_empty = 1;
            continue;
        }
        if (lens[i] > ac->maxlen) ac->maxlen = lens[i];
        uint32_t u = 0;
        for (size_t k = 0; k < lens[i]; k++) {
            unsigned char c = fold(ac, (unsigned char)pats[i][k]);
            uint32_t v = child_of(ac, u, c);
            if (!v && add_node(ac, u, c, &v)) goto nomem;
            u = v;
        }
        ac->nodes[u].len = (uint32_t)lens[i] + 1;
    }
    /* failure links, breadth first (the queue is an array of indices) */
    uint32_t *queue = sk_malloc(a, ac->n * sizeof *queue);
    if (!queue) goto nomem;
    size_t qh = 0, qt = 0;
    for (int c = 0; c < 256; c++) {
        uint32_t v = ac->root_next[c];
        if (v) {
            ac->nodes[v].fail = 0;
            queue[qt++] = v;
        }
    }
    while (qh < qt) {
        uint32_t u = queue[qh++];
        for (uint32_t v = ac->nodes[u].child; v; v = ac->nodes[v].sibling) {
            unsigned char c = ac->nodes[v].byte;
            uint32_t f = ac->nodes[u].fail;
            uint32_t t;
            while ((t = child_of(ac, f, c)) == 0 && f != 0) f = ac->nodes[f].fail;
            ac->nodes[v].fail = t;
            ac->nodes[v].out = ac->nodes[t].len ? t : ac->nodes[t].out;
            queue[qt++] = v;
        }
    }
    sk_free(a, queue);
    *out = ac;
    return 0;
nomem:
    rx_ac_free(ac);
    return RX_ENOMEM;
}

/* Is the character ending just before `i` (dir < 0) or starting at `i`
 * a word character (letters, digits, marks, connectors like '_')? */
static int word_char(const char *s, size_t len, size_t i, int before)
{
    if (before) {
        if (i == 0) return 0;
        size_t k = i - 1;
        while (k > 0 && i - k < 4 && ((unsigned char)s[k] & 0xc0) == 0x80) k--;
        i = k;
    } else if (i >= len) {
        return 0;
    }
    unsigned char c = (unsigned char)s[i];
    if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    utf8proc_int32_t cp;
    if (utf8proc_iterate((const utf8proc_uint8_t *)s + i, (utf8proc_ssize_t)(len - i), &cp) <= 0) return 0;
    utf8proc_category_t cat = utf8proc_category(cp);
    return (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO) ||
           (cat >= UTF8PROC_CATEGORY_ND && cat <= UTF8PROC_CATEGORY_NO) || cat == UTF8PROC_CATEGORY_MN ||
           cat == UTF8PROC_CATEGORY_PC;
}

int rx_ac_exec(const rx_ac *ac, const char *s, size_t len, size_t start, unsigned eflags, size_t *so,
               size_t *eo)
{
    if (ac->line) {
        if (start != 0) return RX_NOMATCH;
        uint32_t u = 0;
        for (size_t j = 0; j < len; j++) {
            u = child_of(ac, u, fold(ac, (unsigned char)s[j]));
            if (!u) return RX_NOMATCH;
        }
        if ((u == 0 && !ac->has_empty) || (u != 0 && !ac->nodes[u].len)) return RX_NOMATCH;
        *so = 0;
        *eo = len;
        return RX_MATCH;
    }
    int found = 0;
    size_t bs = 0, be = 0;
    if (ac->has_empty && !(eflags & RX_NOTEMPTY_ATSTART) &&
        (!ac->word || (!word_char(s, len, start, 1) && !word_char(s, len, start, 0)))) {
        found = 1;
        bs = be = start;
        if (eflags & RX_ANY) goto done;
    }
    uint32_t u = 0;
    for (size_t j = start; j < len; j++) {
        if (found && j >= bs + ac->maxlen) break;   /* nothing later can start at or before bs */
        unsigned char c = fold(ac, (unsigned char)s[j]);
        uint32_t v;
        while ((v = child_of(ac, u, c)) == 0 && u != 0) u = ac->nodes[u].fail;
        u = v;
        for (uint32_t t = ac->nodes[u].len ? u : ac->nodes[u].out; t; t = ac->nodes[t].out) {
            size_t l = ac->nodes[t].len - 1;
            size_t ms = j + 1 - l, me = j + 1;
            if (ms < start) continue;
            if ((eflags & RX_ANCHORED) && ms != start) continue;
            if ((eflags & RX_ENDANCHORED) && me != len) continue;
            if (ac->word && (word_char(s, len, ms, 1) || word_char(s, len, me, 0))) continue;
            if (!found || ms < bs || (ms == bs && me > be)) {
                found = 1;
                bs = ms;
                be = me;
                if (eflags & RX_ANY) goto done;
            }
        }
    }
done:
    if (!found) return RX_NOMATCH;
    *so = bs;
    *eo = be;
    return RX_MATCH;
}
