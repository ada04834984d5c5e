# Sandkiste build.  `make` builds the library (static + versioned shared),
# the CLI and the tests; `make test`, `make asan`, `make bench`,
# `make install PREFIX=...`.  Dependencies come from pkg-config only.

VERSION      := 0.1.0
SOVERSION    := 0
PREFIX       ?= /usr/local
CC           ?= cc
BUILD        ?= build
SANITIZE     ?=

# System libraries the code uses so far, as pkg-config names, with the
# Debian package that provides each.
PKGS         := libtommath libpcre2-8 libutf8proc zlib yaml-0.1
DEB_libtommath := libtommath-dev
DEB_libpcre2-8 := libpcre2-dev
DEB_libutf8proc := libutf8proc-dev
DEB_zlib     := zlib1g-dev
DEB_yaml-0.1 := libyaml-dev
DEB_sqlite3  := libsqlite3-dev
DEB_libedit  := libedit-dev

ifeq ($(filter clean distclean,$(MAKECMDGOALS)),)
MISSING := $(strip $(foreach p,$(PKGS),$(if $(shell pkg-config --exists $(p) && echo y),,$(p))))
ifneq ($(MISSING),)
$(error missing libraries: $(MISSING). Install them with: apt-get install -y pkg-config $(foreach p,$(MISSING),$(DEB_$(p))))
endif
endif

PKG_CFLAGS  := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS    := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

OPT         ?= -O2
WARN        := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow=local -Wvla
CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -g $(OPT) $(WARN) -fPIC -fvisibility=hidden \
               -Iinclude -Isrc -I$(BUILD)/gen $(PKG_CFLAGS)
ifneq ($(SANITIZE),)
CFLAGS_BASE += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=undefined -DSK_SANITIZE=1
LDSAN       := -fsanitize=$(SANITIZE)
endif
CFLAGS      := $(CFLAGS_BASE) $(EXTRA_CFLAGS)
LDLIBS      := $(PKG_LIBS) -lm

LIB_SRC     := $(sort $(shell find src -name '*.c'))
LIB_ASM     := $(sort $(shell find src -name '*.S'))
LIB_OBJ     := $(LIB_SRC:%.c=$(BUILD)/%.o) $(LIB_ASM:%.S=$(BUILD)/%.o)
CLI_SRC     := $(sort $(wildcard tools/*.c))
CLI_OBJ     := $(CLI_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC    := $(sort $(wildcard tests/unit/*.c))
UNIT_OBJ    := $(UNIT_SRC:%.c=$(BUILD)/%.o)
SPEC_SRC    := $(sort $(wildcard tests/spec/*.c))
BENCH_SRC   := $(sort $(wildcard bench/*.c))

STATIC      := $(BUILD)/libsandkiste.a
SHARED      := $(BUILD)/libsandkiste.so.$(VERSION)
CLI         := $(BUILD)/sandkiste
UNIT        := $(BUILD)/unit-tests
SPEC_BIN    := $(SPEC_SRC:tests/spec/%.c=$(BUILD)/spec-%)
BENCH_BIN   := $(BENCH_SRC:bench/%.c=$(BUILD)/bench-%)
EXAMPLES    := $(patsubst examples/%.c,$(BUILD)/example-%,$(wildcard examples/*.c))

.PHONY: all lib test unit spec asan bench install clean symbols readme-example demo
all: lib $(CLI) $(UNIT) $(SPEC_BIN) $(BENCH_BIN) $(EXAMPLES) $(BUILD)/readme-example
lib: $(STATIC) $(SHARED)

Q ?= @
$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC $<"
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# Modules written in Python are embedded as C string literals (src/py/lib).
src/py/lib/%.py.inc: src/py/lib/%.py src/py/lib/embed.sh
	sh src/py/lib/embed.sh $< > $@.tmp && mv $@.tmp $@

$(BUILD)/%.o: %.S
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -c $< -o $@

$(STATIC): $(LIB_OBJ)
	@rm -f $@
	@echo "  AR $@"
	$(Q)ar rcs $@ $^

# The shared library exports only sk_* (public API) symbols.
$(BUILD)/exports.map: include/sandkiste.h
	@mkdir -p $(BUILD)
	@echo '{ global: sk_*; local: *; };' > $@

$(SHARED): $(LIB_OBJ) $(BUILD)/exports.map
	@echo "  LD $@"
	$(Q)$(CC) -shared -Wl,-soname,libsandkiste.so.$(SOVERSION) -Wl,--version-script=$(BUILD)/exports.map \
	    $(LDSAN) -o $@ $(LIB_OBJ) $(LDLIBS)
	ln -sf libsandkiste.so.$(VERSION) $(BUILD)/libsandkiste.so.$(SOVERSION)
	ln -sf libsandkiste.so.$(SOVERSION) $(BUILD)/libsandkiste.so

$(CLI): $(CLI_OBJ) $(STATIC)
	@echo "  LD $@"
	$(Q)$(CC) $(LDSAN) -o $@ $(CLI_OBJ) $(STATIC) $(LDLIBS)

# Commands register themselves with SK_CMD("name", fn, "hint"); lines in
# src/cmd; the registry is generated from those lines, sorted by name.
CMD_SRC     := $(sort $(shell find src/cmd -name '*.c'))
# The generated lists are rebuilt on every make (a deleted source must drop
# out too) but only replaced when their content changes.
.PHONY: FORCE
FORCE:
$(BUILD)/gen/cmd_list.h: FORCE
	@mkdir -p $(dir $@)
	@grep -h '^SK_CMD(' $(CMD_SRC) | sed 's/);[[:space:]]*$$/)/' | LC_ALL=C sort -u > $@.tmp
	@cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@
$(BUILD)/src/cmd/cmd.o: $(BUILD)/gen/cmd_list.h

# Shell builtins register themselves the same way with
# SH_BUILTIN("name", fn, flags, "hint"); lines in src/shell/builtins.
BI_SRC      := $(sort $(wildcard src/shell/builtins/*.c))
$(BUILD)/gen/sh_builtin_list.h: FORCE
	@mkdir -p $(dir $@)
	@grep -h '^SH_BUILTIN(' $(BI_SRC) | sed 's/);[[:space:]]*$$/)/' | LC_ALL=C sort -u > $@.tmp
	@cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@
$(BUILD)/src/shell/builtin_table.o: $(BUILD)/gen/sh_builtin_list.h


# Unit tests: every TEST(name) in tests/unit/*.c is collected into a list.
$(BUILD)/tests/unit/list.h: FORCE
	@mkdir -p $(dir $@)
	@grep -ho '^TEST([a-z0-9_]*)' $(UNIT_SRC) | sed 's/TEST(\(.*\))/X(\1)/' > $@.tmp
	@cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@

$(BUILD)/tests/unit/main.o: $(BUILD)/tests/unit/list.h
$(BUILD)/tests/unit/%.o: CFLAGS += -I$(BUILD)/tests/unit -Itests/unit

$(UNIT): $(UNIT_OBJ) $(STATIC)
	@echo "  LD $@"
	$(Q)$(CC) $(LDSAN) -o $@ $(UNIT_OBJ) $(STATIC) $(LDLIBS)

$(BUILD)/spec-%: tests/spec/%.c $(STATIC)
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(STATIC) $(LDLIBS)

$(BUILD)/bench-%: bench/%.c $(BUILD)/tools/json.o $(STATIC)
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(BUILD)/tools/json.o $(STATIC) $(LDLIBS)

$(BUILD)/example-%: examples/%.c $(STATIC)
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(STATIC) $(LDLIBS)

# The README's embedding example, extracted from README.md and compiled, so
# the documented code cannot rot.
$(BUILD)/readme-example: README.md $(STATIC)
	@mkdir -p $(BUILD)
	@awk '/^```c embed/{f=1;next} /^```/{f=0} f' README.md > $(BUILD)/readme-example.c
	$(Q)$(CC) $(CFLAGS) -o $@ $(BUILD)/readme-example.c $(STATIC) $(LDLIBS)

# ---- tests -------------------------------------------------------------
test: all
	@SANITIZE=$(SANITIZE) tests/run.sh $(BUILD)

unit: $(UNIT)
	$(UNIT)

symbols: $(STATIC)
	@tests/symbols.sh $(BUILD)

asan:
	$(MAKE) BUILD=build-asan SANITIZE=address,undefined OPT=-O1 all fuzz-smoke-bins
	$(MAKE) BUILD=build-asan SANITIZE=address,undefined OPT=-O1 test

bench: all
	@bench/run.sh $(BUILD)

demo: $(CLI)
	@echo '$$ sandkiste examples/demo.sh'
	@$(CLI) examples/demo.sh || true
	@echo
	@echo '$$ sandkiste --limits strict -c '"'"'while true; do :; done'"'"''
	@$(CLI) --limits strict -c 'while true; do :; done' || true

# ---- install -----------------------------------------------------------
install: lib $(CLI)
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/sandkiste.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(STATIC) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(SHARED) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libsandkiste.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libsandkiste.so.$(SOVERSION)
	ln -sf libsandkiste.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/libsandkiste.so
	install -m 755 $(CLI) $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@PKGS@|$(PKGS)|' \
	    sandkiste.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/sandkiste.pc

clean:
	rm -rf build build-asan

include tests/fuzz/fuzz.mk

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
