#!/bin/sh
# embed.sh FILE.py — print FILE.py as a C string literal (one "...\n" per
# line) for src/py/stdlib.c, which includes the result as FILE.py.inc.
# Backslashes, double quotes and question marks (trigraphs) are escaped.
# The Makefile regenerates a .py.inc whenever its .py changes; the
# generated files are committed so a build needs nothing but a C compiler.
set -e
printf '/* generated from %s by embed.sh — edit the .py, not this file */\n' "$(basename "$1")"
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$/\\n"/' "$1"
