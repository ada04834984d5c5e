/* lib.c — the builtins written in jq itself (as jq 1.7 defines them).
 * Each entry is one definition, parsed only when a program calls it. */
#include <string.h>

#include "eval.h"

typedef struct libdef {
    const char *name;
    int nargs;
    const char *src;
    int yq;                 /* only in yq's dialect */
} libdef;

static const libdef lib[] = {
    { "values", 0, "def values: select(. != null);", 0 },
    { "nulls", 0, "def nulls: select(. == null);", 0 },
    { "booleans", 0, "def booleans: select(type == \"boolean\");", 0 },
    { "numbers", 0, "def numbers: select(type == \"number\");", 0 },
    { "strings", 0, "def strings: select(type == \"string\");", 0 },
    { "arrays", 0, "def arrays: select(type == \"array\");", 0 },
    { "objects", 0, "def objects: select(type == \"object\");", 0 },
    { "iterables", 0, "def iterables: select(type|. == \"array\" or . == \"object\");", 0 },
    { "scalars", 0, "def scalars: select(type|. != \"array\" and . != \"object\");", 0 },
    { "finites", 0, "def finites: select(isinfinite or isnan | not);", 0 },
    { "normals", 0, "def normals: select(isnormal);", 0 },
    { "in", 1, "def in(xs): . as $x | xs | has($x);", 0 },
    { "inside", 1, "def inside(xs): . as $x | xs | contains($x);", 0 },
    { "map_values", 1, "def map_values(f): .[] |= f;", 0 },
    { "del", 1, "def del(f): delpaths([path(f)]);", 0 },
    { "paths", 0, "def paths: path(..)|select(length > 0);", 0 },
    { "paths", 1, "def paths(node_filter): . as $dot|paths|select(. as $p|$dot|getpath($p) | node_filter);", 0 },
    { "leaf_paths", 0, "def leaf_paths: paths(scalars);", 0 },
    { "with_entries", 1, "def with_entries(f): to_entries | map(f) | from_entries;", 0 },
    { "recurse_down", 0, "def recurse_down: recurse;", 0 },
    { "walk", 1,
      "def walk(f): def w: if type == \"object\" then map_values(w) elif type == \"array\" then map(w) else . end | f; w;", 0 },
    { "index", 1, "def index($i): indices($i) | .[0];", 0 },
    { "rindex", 1, "def rindex($i): indices($i) | .[-1:][0];", 0 },
    { "first", 0, "def first: .[0];", 0 },
    { "last", 0, "def last: .[-1];", 0 },
    { "nth", 1, "def nth($n): .[$n];", 0 },
    { "combinations", 0,
      "def combinations: if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $w | [$x] + $w end;", 0 },
    { "combinations", 1, "def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;", 0 },
    { "transpose", 0,
      "def transpose: if . == [] then [] else . as $in | (map(length) | max) as $max | [range(0; $max) as $j | "
      "[range(0; $in|length) as $i | $in[$i][$j] ] ] end;", 0 },
    { "splits", 1, "def splits($re): splits($re; null);", 0 },
    { "splits", 2, "def splits($re; flags): split($re; flags) | .[];", 0 },
    { "fromstream", 1,
      "def fromstream(f): { x: null, e: false } as $init | foreach f as $i ($init; if .e then $init else . end "
      "| if $i | length == 2 then setpath([\"e\"]; $i[0] | length == 0) | setpath([\"x\"] + $i[0]; $i[1]) "
      "else setpath([\"e\"]; $i[0] | length == 1) end; if .e then .x else empty end);", 0 },
    { "truncate_stream", 1,
      "def truncate_stream(stream): . as $n | null | stream | . as $input | if (.[0]|length) > $n "
      "then setpath([0];.[0][$n:]) else empty end;", 0 },
    { "IN", 1, "def IN(s): any(s == .; .);", 0 },
    { "IN", 2, "def IN(src; s): any(src == s; .);", 0 },
    { "INDEX", 2, "def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row|idx_expr|tostring] |= $row);", 0 },
    { "INDEX", 1, "def INDEX(idx_expr): INDEX(.[]; idx_expr);", 0 },
    { "pick", 1, "def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));", 0 },
    { "ascii", 0, "def ascii: [.] | implode;", 0 },
    { "debug", 1, "def debug(msg): (msg | debug | empty), .;", 0 },
    /* mikefarah yq names for things jq has */
    { "upcase", 0, "def upcase: ascii_upcase;", 1 },
    { "downcase", 0, "def downcase: ascii_downcase;", 1 },
    { "to_json", 0, "def to_json: tojson;", 1 },
    { "from_json", 0, "def from_json: fromjson;", 1 },
    { "to_number", 0, "def to_number: tonumber;", 1 },
    { "to_string", 0, "def to_string: tostring;", 1 },
    { "sort_keys", 1, "def sort_keys(f): .;", 1 },
    { "explode", 1, "def explode(f): .;", 1 },
    { "omit", 1, "def omit($k): if type == \"object\" then with_entries(select(.key as $x | $k | index($x) | not)) "
                 "else to_entries | map(select(.key as $x | $k | index($x) | not) | .value) end;", 1 },
    { "kind", 0, "def kind: if type == \"object\" then \"map\" elif type == \"array\" then \"seq\" else \"scalar\" end;", 1 },
    { "tag", 0,
      "def tag: if type == \"object\" then \"!!map\" elif type == \"array\" then \"!!seq\" elif type == \"string\" then \"!!str\" "
      "elif type == \"number\" then (if . == floor then \"!!int\" else \"!!float\" end) elif type == \"boolean\" then \"!!bool\" "
      "else \"!!null\" end;", 1 },
    { "strenv", 1, "def strenv(v): $ENV[v] // \"\";", 1 },
    { "env", 1, "def env(v): $ENV[v] | if . == null then null else (try fromjson catch .) end;", 1 },
    { "any_c", 1, "def any_c(f): any(.[]; f);", 1 },
    { "all_c", 1, "def all_c(f): all(.[]; f);", 1 },
    { "length", 1, "def length(f): f | length;", 1 },
};

#define NLIB (sizeof lib / sizeof lib[0])

int jq_library_lookup(const char *name, int nargs, int yq)
{
    for (size_t i = 0; i < NLIB; i++)
        if (lib[i].nargs == nargs && lib[i].name[0] == name[0] && (yq || !lib[i].yq) && !strcmp(lib[i].name, name))
            return (int)i;
    return -1;
}

int jq_library_is_yq(int idx) { return lib[idx].yq; }

const char *jq_library_source(int idx) { return lib[idx].src; }

int jq_library_count(void) { return (int)NLIB; }
