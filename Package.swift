// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SpringLab",
  products: [
    .executable(name: "springlab", targets: ["springlab"]),
    .library(name: "SpringLabCore", targets: ["SpringLabCore"]),
  ],
  targets: [
    // Pure Swift, Foundation only: motion, models, presets, trace, scripts, lint, export.
    .target(name: "SpringLabCore"),
    // What touches the OS: spawning (one wrapper), file identity and watching,
    // remembered window state, the library folder and Trash, the single output writer.
    .target(name: "SpringLabPlatform", dependencies: ["SpringLabCore", "CSpawn"]),
    // The fork-and-exec under the spawning wrapper: C, because the child's
    // parent-death signal is set between fork and exec (Linux's prctl).
    .target(name: "CSpawn"),
    // Immediate-mode UI and draw lists; pure and headless-testable.
    .target(name: "SpringLabUI", dependencies: ["SpringLabCore"]),
    // The window's behaviour: state, actions, reduce, effects, view. No SDL, clock or files.
    .target(name: "SpringLabStudio", dependencies: ["SpringLabCore", "SpringLabUI"]),
    // SDL2: the window's only (SpringLabSDL and its X11 timestamps): opening the
    // window, reading input, presenting. Nothing that draws or decodes links it.
    .systemLibrary(
      name: "CSDL2",
      pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
    ),
    // The rasteriser: Cairo turns draw lists into pixels for the window and videos alike;
    // its FreeType font backend (cairo-ft.h with FreeType's headers) rasterises text.
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo-ft",
      providers: [.apt(["libcairo2-dev", "libfreetype-dev"]), .brew(["cairo", "freetype"])]
    ),
    // libjpeg (libjpeg-turbo on Debian): the JPEG decoder behind backdrops.
    .systemLibrary(
      name: "CJPEG",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
    ),
    // librsvg: SVG icon files drawn into Cairo at the device's pixel scale
    // (the render module's `IconRaster`; ≥ 2.46 for rsvg_handle_render_document).
    .systemLibrary(
      name: "CRsvg",
      pkgConfig: "librsvg-2.0",
      providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
    ),
    // The JPEG decoding under the render module's image loading: C, because libjpeg
    // reports fatal errors through a callback that must longjmp, which Swift cannot.
    .target(name: "CJPEGDecode", dependencies: ["CJPEG"]),
    // The X server's timestamps of input events (bench latency), in C so Swift never sees Xlib.
    .target(name: "CX11Input", dependencies: ["CSDL2"]),
    // Pixels without a window: the Cairo rasteriser, frame buffers, text masks and fonts
    // (FreeType through Cairo), image decoding (Cairo's PNG reader, libjpeg), icon files
    // (SVG through librsvg, PNG through the image decoding), the frame
    // pipeline and the MP4/GIF/PNG encoders. Does not link SDL.
    .target(
      name: "SpringLabRender",
      dependencies: [
        "CCairo", "CJPEGDecode", "CRsvg", "SpringLabUI", "SpringLabCore", "SpringLabPlatform",
      ]),
    // The window: opening it, reading input, presenting frames the render module drew.
    .target(
      name: "SpringLabSDL",
      dependencies: [
        "CSDL2", "CX11Input", "SpringLabRender", "SpringLabUI", "SpringLabCore",
        "SpringLabPlatform",
      ]),
    // Every command's logic, the render and fit jobs and the window shell, callable
    // in-process (`springlabMain`, each command's `run`).
    .target(
      name: "SpringLabCommands",
      dependencies: [
        "SpringLabCore", "SpringLabPlatform", "SpringLabUI", "SpringLabStudio", "SpringLabRender",
        "SpringLabSDL",
      ]),
    // The product: signal set-up and `springlabMain`.
    .executableTarget(name: "springlab", dependencies: ["SpringLabCommands", "SpringLabPlatform"]),
    // The benchmarks, apart from the product: `springlab bench` launches this executable
    // (it spawns Xvfb and xdotool, measures ffmpeg), so none of it is linked into `springlab`.
    .executableTarget(
      name: "springlab-bench",
      dependencies: [
        "SpringLabCommands", "SpringLabCore", "SpringLabPlatform", "SpringLabUI", "SpringLabStudio",
        "SpringLabRender", "CCairo",
      ]),
    // Test-only entry points (the kill-during-save child); never shipped as a springlab command.
    .executableTarget(
      name: "springlab-test-support", dependencies: ["SpringLabCore", "SpringLabPlatform"]),
    .testTarget(
      name: "SpringLabCoreTests", dependencies: ["SpringLabCore", "SpringLabPlatform"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "SpringLabPlatformTests", dependencies: ["SpringLabPlatform", "SpringLabCore"]),
    .testTarget(name: "SpringLabUITests", dependencies: ["SpringLabUI", "SpringLabCore"]),
    .testTarget(
      name: "SpringLabCLITests",
      dependencies: [
        "springlab", "springlab-bench", "springlab-test-support", "SpringLabCommands",
        "SpringLabCore",
        "SpringLabPlatform", "SpringLabRender", "SpringLabStudio",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "SpringLabStudioTests",
      dependencies: ["SpringLabStudio", "SpringLabUI", "SpringLabCore", "SpringLabPlatform"]),
    .testTarget(
      name: "SpringLabRenderTests",
      dependencies: [
        "SpringLabRender", "SpringLabUI", "SpringLabCore", "SpringLabPlatform", "CCairo",
      ]),
    .testTarget(
      name: "SpringLabSDLTests",
      dependencies: ["SpringLabSDL", "SpringLabRender", "SpringLabUI", "SpringLabPlatform"]),
  ],
  swiftLanguageModes: [.v6]
)
