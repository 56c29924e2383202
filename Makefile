# SpringLab: `make run` opens the playground, `make test` runs every test.
# Both install missing Debian/Ubuntu packages first (sudo when not root).
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libcairo2-dev fonts-dejavu-core fontconfig pkg-config \
                xvfb xauth xdotool ffmpeg imagemagick chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift

.PHONY: deps build run test release bench clean golden long-test

deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	./.build/release/springlab $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: release
	./.build/release/springlab bench

clean:
	rm -rf .build

# Re-creates the golden frames after a deliberate visual change; look at them before committing.
golden: deps
	$(SWIFT) build --build-tests
	SPRINGLAB_UPDATE_GOLDEN=1 $(SWIFT) test --skip-build --filter GoldenFrameTests

# The long fault, fuzz and soak runs (about 10 minutes on 2 cores).
long-test: deps
	$(SWIFT) build --build-tests
	SPRINGLAB_LONG_TESTS=1 $(SWIFT) test --skip-build --filter "HardeningTests|HardeningCLITests"
