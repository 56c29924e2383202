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
    // SDL2 with SDL_ttf and SDL_image: the window module opens the window, reads input
    // and presents; the render module uses only SDL_ttf's text masks and SDL_image's decoders.
    .systemLibrary(
      name: "CSDL2",
      pkgConfig: "sdl2",
      providers: [
        .apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"]),
        .brew(["sdl2", "sdl2_ttf", "sdl2_image"]),
      ]
    ),
    // The rasteriser: Cairo turns draw lists into pixels for the window and videos alike.
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
    ),
    // The X server's timestamps of input events (bench latency), in C so Swift never sees Xlib.
    .target(name: "CX11Input", dependencies: ["CSDL2"]),
    // Pixels without a window: the Cairo rasteriser, frame buffers, text masks and fonts,
    // the frame pipeline and the MP4/GIF/PNG encoders. Never initialises SDL video or events.
    .target(
      name: "SpringLabRender",
      dependencies: ["CCairo", "CSDL2", "SpringLabUI", "SpringLabCore", "SpringLabPlatform"]),
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
        "SpringLabPlatform", "SpringLabRender",
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
