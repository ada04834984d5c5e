#!/bin/sh
# pylib_gen.sh FILE.py... — turn the Python library modules into a C header:
# one string per file and a table { "module.name", text, length }.  A file
# src/py/lib/a.b.py is the module "a.b".
set -e
for f in "$@"; do
    n=$(basename "$f" .py)
    id=$(echo "$n" | tr . _)
    printf 'static const char pylib_%s[] =\n' "$id"
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$/\\n"/' "$f"
    printf ';\n'
done
printf 'static const struct pylib_entry { const char *name; const char *text; size_t len; } pylib_table[] = {\n'
for f in "$@"; do
    n=$(basename "$f" .py)
    id=$(echo "$n" | tr . _)
    printf '    { "%s", pylib_%s, sizeof pylib_%s - 1 },\n' "$n" "$id" "$id"
done
printf '    { NULL, NULL, 0 }\n};\n'
