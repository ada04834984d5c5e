#!/bin/sh
cd /work/wt/cmdtext && make -j2 build/libsandkiste.a >/dev/null || exit 1
gcc -std=c11 -D_GNU_SOURCE -g -O1 -Iinclude -Isrc -Ibuild/gen -Itests/unit -o /tmp/cmdtext-h/drv /tmp/cmdtext-h/drv.c tests/unit/cmdtest.c build/libsandkiste.a $(pkg-config --libs libtommath libpcre2-8 libutf8proc zlib) -lm
