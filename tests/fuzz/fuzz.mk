# tests/fuzz/fuzz.mk — fuzz targets (tests/fuzz/README.md), included by the
# Makefile.
#
#   make fuzz FUZZ=shell_parser FUZZ_SECONDS=600   libFuzzer (clang), long runs
#   make fuzz-all FUZZ_SECONDS=300                 every target in turn
#   make fuzz-smoke                                the CI smoke run (ASan build)
#
# The same fuzz_<name>.c links with libFuzzer (build-fuzz/fuzz/libfuzzer-NAME)
# or with the deterministic driver (build-asan/fuzz/smoke-NAME).  Seeds are
# made at run time from the corpora and the project's own test inputs
# (fuzz-seeds); tests/fuzz/seeds/NAME holds a few hand-written ones and
# tests/fuzz/regressions/NAME the inputs that once failed.

FUZZ_SRC       := $(filter-out tests/fuzz/fuzz_common.c,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_TARGETS   := $(sort $(FUZZ_SRC:tests/fuzz/fuzz_%.c=%))
FUZZ           ?= shell_parser
FUZZ_SECONDS   ?= 600
FUZZ_ARGS      ?=
# fork mode that goes on after a crash (the known failures are found fast);
# `make fuzz FUZZ_FORK=` stops at the first one instead
FUZZ_FORK      ?= -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
CORPORA        ?= ../shared/corpora
FUZZ_COMMON    := $(BUILD)/tests/fuzz/fuzz_common.o

DICT_shell_parser := shell
DICT_shell_exec   := shell
DICT_py_parser    := python
DICT_py_exec      := python
DICT_cli_json     := json
fuzz_dict = tests/fuzz/dict/$(or $(DICT_$(1)),$(1)).dict

.PHONY: fuzz fuzz-all fuzz-bins fuzz-smoke fuzz-smoke-bins fuzz-clean

$(BUILD)/fuzz/smoke-%: $(BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_COMMON) $(BUILD)/tests/fuzz/driver.o $(STATIC)
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) $(LDSAN) -o $@ $(filter %.o,$^) $(STATIC) $(LDLIBS)

$(BUILD)/fuzz/libfuzzer-%: $(BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_COMMON) $(STATIC)
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) $(LDSAN) -fsanitize=fuzzer -o $@ $(filter %.o,$^) $(STATIC) $(LDLIBS)

$(BUILD)/fuzz/fuzz-seeds: tests/fuzz/seeds.c
	@mkdir -p $(dir $@)
	@echo "  LD $@"
	$(Q)$(CC) $(CFLAGS) -o $@ $<

fuzz-smoke-bins: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/smoke-%) $(BUILD)/fuzz/fuzz-seeds
fuzz-bins: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/libfuzzer-%) $(BUILD)/fuzz/fuzz-seeds

# The smoke run: the ASan/UBSan build and the driver, about a minute.
fuzz-smoke:
	$(MAKE) BUILD=build-asan SANITIZE=address,undefined OPT=-O1 fuzz-smoke-bins
	tests/fuzz/smoke.sh build-asan

# libFuzzer needs clang; gcc's -Wshadow=local is unknown to it.
FUZZ_MAKE := $(MAKE) BUILD=build-fuzz CC=clang OPT=-O1 SANITIZE=fuzzer-no-link,address,undefined \
             WARN="-Wall -Wextra -Wno-unused-parameter -Wvla"
FUZZ_DIR  := build-fuzz/fuzz

fuzz:
	$(FUZZ_MAKE) $(FUZZ_DIR)/libfuzzer-$(FUZZ) $(FUZZ_DIR)/fuzz-seeds
	$(FUZZ_DIR)/fuzz-seeds $(FUZZ_DIR)/seeds $(CORPORA) . >/dev/null
	@mkdir -p $(FUZZ_DIR)/corpus/$(FUZZ) $(FUZZ_DIR)/crashes
	$(FUZZ_DIR)/libfuzzer-$(FUZZ) $(FUZZ_FORK) -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	    -rss_limit_mb=2048 -malloc_limit_mb=160 -max_len=4096 -dict=$(call fuzz_dict,$(FUZZ)) \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$(FUZZ)- $(FUZZ_ARGS) $(FUZZ_DIR)/corpus/$(FUZZ) \
	    $(wildcard $(FUZZ_DIR)/seeds/$(FUZZ) tests/fuzz/seeds/$(FUZZ) tests/fuzz/regressions/$(FUZZ))

fuzz-all:
	@for t in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz FUZZ=$$t || exit 1; done

fuzz-clean:
	rm -rf build-fuzz

# keep the objects (they are intermediate files of the pattern rules above)
.SECONDARY: $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz/fuzz_%.o) $(FUZZ_COMMON) $(BUILD)/tests/fuzz/driver.o
