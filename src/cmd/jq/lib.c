/* lib.c — the builtins written in jq itself (as jq 1.7 defines them).
 * Each entry is one definition, parsed only when a program calls it. */
#include <string.h>

#include "eval.h"

typedef struct libdef {
    const char *name;
    int nargs;
    const char *src;
} libdef;

static const libdef lib[] = {
    { "values", 0, "def values: select(. != null);" },
    { "nulls", 0, "def nulls: select(. == null);" },
    { "booleans", 0, "def booleans: select(type == \"boolean\");" },
    { "numbers", 0, "def numbers: select(type == \"number\");" },
    { "strings", 0, "def strings: select(type == \"string\");" },
    { "arrays", 0, "def arrays: select(type == \"array\");" },
    { "objects", 0, "def objects: select(type == \"object\");" },
    { "iterables", 0, "def iterables: select(type|. == \"array\" or . == \"object\");" },
    { "scalars", 0, "def scalars: select(type|. != \"array\" and . != \"object\");" },
    { "finites", 0, "def finites: select(isinfinite or isnan | not);" },
    { "normals", 0, "def normals: select(isnormal);" },
    { "in", 1, "def in(xs): . as $x | xs | has($x);" },
    { "inside", 1, "def inside(xs): . as $x | xs | contains($x);" },
    { "map_values", 1, "def map_values(f): .[] |= f;" },
    { "del", 1, "def del(f): delpaths([path(f)]);" },
    { "paths", 0, "def paths: path(..)|select(length > 0);" },
    { "paths", 1, "def paths(node_filter): . as $dot|paths|select(. as $p|$dot|getpath($p) | node_filter);" },
    { "leaf_paths", 0, "def leaf_paths: paths(scalars);" },
    { "with_entries", 1, "def with_entries(f): to_entries | map(f) | from_entries;" },
    { "recurse_down", 0, "def recurse_down: recurse;" },
    { "walk", 1,
      "def walk(f): def w: if type == \"object\" then map_values(w) elif type == \"array\" then map(w) else . end | f; w;" },
    { "index", 1, "def index($i): indices($i) | .[0];" },
    { "rindex", 1, "def rindex($i): indices($i) | .[-1:][0];" },
    { "first", 0, "def first: .[0];" },
    { "last", 0, "def last: .[-1];" },
    { "nth", 1, "def nth($n): .[$n];" },
    { "combinations", 0,
      "def combinations: if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $w | [$x] + $w end;" },
    { "combinations", 1, "def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;" },
    { "transpose", 0,
      "def transpose: if . == [] then [] else . as $in | (map(length) | max) as $max | [range(0; $max) as $j | "
      "[range(0; $in|length) as $i | $in[$i][$j] ] ] end;" },
    { "splits", 1, "def splits($re): splits($re; null);" },
    { "splits", 2, "def splits($re; flags): split($re; flags) | .[];" },
    { "fromstream", 1,
      "def fromstream(f): { x: null, e: false } as $init | foreach f as $i ($init; if .e then $init else . end "
      "| if $i | length == 2 then setpath([\"e\"]; $i[0] | length == 0) | setpath([\"x\"] + $i[0]; $i[1]) "
      "else setpath([\"e\"]; $i[0] | length == 1) end; if .e then .x else empty end);" },
    { "truncate_stream", 1,
      "def truncate_stream(stream): . as $n | null | stream | . as $input | if (.[0]|length) > $n "
      "then setpath([0];.[0][$n:]) else empty end;" },
    { "IN", 1, "def IN(s): any(s == .; .);" },
    { "IN", 2, "def IN(src; s): any(src == s; .);" },
    { "INDEX", 2, "def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row|idx_expr|tostring] |= $row);" },
    { "INDEX", 1, "def INDEX(idx_expr): INDEX(.[]; idx_expr);" },
    { "pick", 1, "def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));" },
    { "ascii", 0, "def ascii: [.] | implode;" },
    { "debug", 1, "def debug(msg): (msg | debug | empty), .;" },
};

#define NLIB (sizeof lib / sizeof lib[0])

int jq_library_lookup(const char *name, int nargs)
{
    for (size_t i = 0; i < NLIB; i++)
        if (lib[i].nargs == nargs && lib[i].name[0] == name[0] && !strcmp(lib[i].name, name)) return (int)i;
    return -1;
}

const char *jq_library_source(int idx) { return lib[idx].src; }

int jq_library_count(void) { return (int)NLIB; }
