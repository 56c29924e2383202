# SpringLab: `make run` opens the playground, `make test` runs every test.
# Both install missing Debian/Ubuntu packages first (sudo when not root):
# `make run` only what running needs, `make test` adds the test tools.
RUN_PACKAGES := libsdl2-dev libcairo2-dev libfreetype-dev libjpeg-dev librsvg2-dev fonts-dejavu-core fontconfig \
                pkg-config ffmpeg x11-utils
TEST_PACKAGES := xvfb xauth xdotool imagemagick chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The Swift toolchain's usual home on these machines, used when present.
ifneq ($(wildcard /opt/swift/usr/bin/swift),)
  export PATH := /opt/swift/usr/bin:$(PATH)
endif
SWIFT ?= swift
SWIFTC ?= swiftc

.PHONY: deps deps-test build run test release bench clean golden long-test docs fuzz

# Installs whichever of $(1) are missing.
define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; fi
endef

deps:
	$(call install_missing,$(RUN_PACKAGES))

deps-test: deps
	$(call install_missing,$(TEST_PACKAGES))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	./.build/release/springlab $(ARGS)

# The tests' build: optimised (-O, testing still enabled; assertions as in a
# shipped build) in its own scratch path, so a plain `swift build` keeps its
# debug build. The tests run the product's pixel loops, fits, export checks
# and seeded property sequences hundreds of thousands of times: built -Onone
# they took 313 s of CPU, built -O 121 s (docs/TESTING.md).
TEST_BUILD := --scratch-path .build/tests -Xswiftc -O
# `make test FILTER=FormatsDocTests` runs only the matching tests.
FILTER ?=

test: deps-test
	$(SWIFT) build --build-tests $(TEST_BUILD)
	$(SWIFT) test --skip-build $(TEST_BUILD) $(if $(FILTER),--filter '$(FILTER)')

bench: release
	./.build/release/springlab bench

clean:
	rm -rf .build

# Re-creates the golden frames after a deliberate visual change and their contact sheet
# (Tests/golden-contact-sheet.png, drawn with ImageMagick); look at them before committing.
GOLDEN := Tests/SpringLabCLITests/Golden
golden: deps-test
	$(SWIFT) build --build-tests $(TEST_BUILD)
	SPRINGLAB_UPDATE_GOLDEN=1 $(SWIFT) test --skip-build $(TEST_BUILD) --filter GoldenFrameTests
	montage -font DejaVu-Sans -pointsize 14 -label '%t' $(GOLDEN)/mid-bloom.png $(GOLDEN)/open.png \
	  $(GOLDEN)/bubble-snapped.png $(GOLDEN)/bubble-menu.png -tile 4x1 -geometry +6+6 -background '#8e8e93' \
	  /tmp/springlab-golden-row.png
	convert $(GOLDEN)/open-3x.png -crop 540x450+270+450 +repage /tmp/springlab-golden-3x.png
	montage -font DejaVu-Sans -pointsize 14 -label 'open-3x (crop, 1:1 pixels)' /tmp/springlab-golden-3x.png \
	  -geometry +6+6 -background '#8e8e93' /tmp/springlab-golden-3x-labelled.png
	convert /tmp/springlab-golden-row.png /tmp/springlab-golden-3x-labelled.png -background '#8e8e93' \
	  -gravity center -append Tests/golden-contact-sheet.png
	rm -f /tmp/springlab-golden-row.png /tmp/springlab-golden-3x.png /tmp/springlab-golden-3x-labelled.png

# Regenerates the preset-field reference in docs/FORMATS.md from the field table.
docs: deps
	$(SWIFT) build --build-tests $(TEST_BUILD)
	SPRINGLAB_UPDATE_DOCS=1 $(SWIFT) test --skip-build $(TEST_BUILD) --filter FormatsDocTests

# The long fault, fuzz and soak runs (about 10 minutes on 2 cores), then
# 10^6 inputs for each fuzz target (16 minutes on a busy 2-core machine, the
# snippet reader 10 of them; plus building the fuzzer the first time).
long-test: deps-test
	$(SWIFT) build --build-tests $(TEST_BUILD)
	SPRINGLAB_LONG_TESTS=1 $(SWIFT) test --skip-build $(TEST_BUILD) --filter "HardeningTests|HardeningCLITests|ReliabilityCLITests"
	$(MAKE) fuzz FUZZ_RUNS=1000000 FUZZ_SECONDS=900

# libFuzzer over the readers of outside data: Fuzz/FuzzTargets.swift built with
# the Core sources, the JPEG decoder (C, with libjpeg) and AddressSanitizer into
# .build/fuzz/springlab-fuzz (rebuilt when a source changes); each target in
# FUZZ_TARGETS runs FUZZ_SECONDS (default 60), seeded from the shipped presets
# and the test fixtures (the jpeg target from JPEGs ImageMagick makes here). With
# FUZZ_RUNS set (long-test: 10^6) a target runs until it has executed that many
# inputs (FUZZ_SECONDS then only caps it) and the run fails if one falls short.
# New inputs stay in .build/fuzz/corpus-TARGET; a crash input is kept as
# .build/fuzz/crash-TARGET-* and fails the run (add it as a regression test).
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=
FUZZ_TARGETS ?= preset script snippet image jpeg samples svg
FUZZER := .build/fuzz/springlab-fuzz
CORE_SOURCES := $(shell find Sources/SpringLabCore -name '*.swift')
# why: the image reader's header checks live with its file probing in the platform module,
# and an SVG icon's checks (pure bytes in, a reason out) beside the icon reading there
FUZZ_SOURCES := $(CORE_SOURCES) Sources/SpringLabPlatform/ImageHeader.swift \
                Sources/SpringLabPlatform/SVGCheck.swift
JPEG_DECODER := Sources/CJPEGDecode/jpeg_decode.c Sources/CJPEGDecode/include/CJPEGDecode.h
CLANG ?= $(dir $(shell command -v $(SWIFTC)))clang
$(FUZZER): Fuzz/FuzzTargets.swift $(FUZZ_SOURCES) $(JPEG_DECODER)
	@mkdir -p .build/fuzz
	@echo "building $(FUZZER)"
	@$(CLANG) -fsanitize=fuzzer-no-link,address -O1 -g -ISources/CJPEGDecode/include \
	  -c Sources/CJPEGDecode/jpeg_decode.c -o .build/fuzz/jpeg_decode.o
	@$(SWIFTC) -sanitize=fuzzer,address -parse-as-library -O -module-name SpringLabCore \
	  -import-objc-header Sources/CJPEGDecode/include/CJPEGDecode.h \
	  Fuzz/FuzzTargets.swift $(FUZZ_SOURCES) .build/fuzz/jpeg_decode.o -ljpeg -o $(FUZZER) 2>&1 \
	  | grep -v "ld.gold: warning: Cannot export local symbol" || true
	@test -x $(FUZZER)
fuzz: $(FUZZER)
	@set -e; for t in $(FUZZ_TARGETS); do \
	  case $$t in \
	    preset|script) seeds="presets Tests/SpringLabCoreTests/Fixtures";; \
	    image) seeds="Tests/golden-contact-sheet.png Tests/SpringLabCLITests/Golden";; \
	    svg) seeds="presets/icons";; \
	    *) seeds="";; \
	  esac; \
	  seeddir=.build/fuzz/seed-$$t; rm -rf $$seeddir; mkdir -p $$seeddir .build/fuzz/corpus-$$t; \
	  for s in $$seeds; do if [ -e $$s ]; then find $$s -type f -size -1M -exec cp {} $$seeddir/ \; ; fi; done; \
	  if [ $$t = jpeg ] && command -v convert >/dev/null; then \
	    for v in "" "-interlace Plane" "-colorspace Gray" "-colorspace CMYK" "-sampling-factor 2x2"; do \
	      convert -size 48x32 gradient:red-blue $$v -quality 70 "jpeg:$$seeddir/seed-$$(echo $$v | tr -dc a-zA-Z0-9).jpg"; \
	    done; \
	  fi; \
	  echo "fuzzing $$t for $(if $(FUZZ_RUNS),$(FUZZ_RUNS) inputs (at most $(FUZZ_SECONDS) s),$(FUZZ_SECONDS) s)"; \
	  SPRINGLAB_FUZZ_TARGET=$$t ASAN_OPTIONS=detect_leaks=0 ./$(FUZZER) \
	    -max_total_time=$(FUZZ_SECONDS) $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS)) \
	    -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
	    -artifact_prefix=.build/fuzz/crash-$$t- -print_final_stats=1 \
	    .build/fuzz/corpus-$$t $$seeddir > .build/fuzz/log-$$t.txt 2>&1 || true; \
	  grep -E "^stat::number_of_executed_units|^Done|ERROR|SUMMARY" .build/fuzz/log-$$t.txt || true; \
	  if ls .build/fuzz/crash-$$t-* >/dev/null 2>&1; then echo "the $$t fuzzer found a crash: $$(ls .build/fuzz/crash-$$t-*)"; exit 1; fi; \
	  if [ -n "$(FUZZ_RUNS)" ]; then \
	    ran=$$(sed -n 's/^stat::number_of_executed_units: *//p' .build/fuzz/log-$$t.txt); \
	    if [ "$${ran:-0}" -lt "$(FUZZ_RUNS)" ]; then echo "the $$t fuzzer ran $${ran:-0} of $(FUZZ_RUNS) inputs in $(FUZZ_SECONDS) s"; exit 1; fi; \
	  fi; \
	done
