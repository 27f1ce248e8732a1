// swift-tools-version:6.0
//
// rendersrv — Core Animation's out-of-process render server, rebuilt for Linux.
// Module boundaries are those of ../shared/DESIGN.md: dependencies point one way only.

import PackageDescription

// Every target — libraries, executables and tests — uses the Swift 6 language mode (the
// tools-version default): cross-thread state is owned by one thread or queue or behind a lock
// (a `Mutex` in the tests), and each type whose confinement the compiler cannot see says so
// (`@unchecked Sendable` with its discipline stated beside it).

// The daemon's loop-thread libraries check exclusive access statically only in release
// builds: the dynamic checks (swift_beginAccess on class properties) are a runtime call per
// access on every message's path (SERVER.md, "Operations that touch safety"; what they cost
// when they were taken out: HISTORY.md). Debug builds, and so the whole test suite, keep them.
let loopThreadSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "rendersrv",
    products: [
        .library(name: "RenderCore", targets: ["RenderCore"]),
        .library(name: "RenderProtocol", targets: ["RenderProtocol"]),
        .library(name: "RenderServer", targets: ["RenderServer"]),
        .library(name: "RenderClient", targets: ["RenderClient"]),
        .library(name: "RenderViews", targets: ["RenderViews"]),
        .library(name: "Components", targets: ["Components"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        // PNG files and labelled contact sheets of snapshots (cairo, pango): for tools and
        // the examples in Examples/, which tile the frames they take with `ControlClient`.
        .library(name: "RenderPictures", targets: ["RenderPictures"]),
        .executable(name: "rendersrvd", targets: ["rendersrvd"]),
        .executable(name: "rendersrvctl", targets: ["rendersrvctl"]),
        .executable(name: "rendersrv-demo", targets: ["rendersrv-demo"]),
        .executable(name: "rendersrv-bench", targets: ["rendersrv-bench"]),
        .executable(name: "rendersrv-stress", targets: ["rendersrv-stress"]),
        .executable(name: "rendersrv-fuzz", targets: ["rendersrv-fuzz"]),
        .executable(name: "rendersrv-quickstart", targets: ["rendersrv-quickstart"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation` (Scripts/docs): DocC catalogs of the client libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Pure values: geometry, timing, animations, presentation evaluation.
        .target(name: "RenderCore"),
        // The wire protocol: messages, codec, framing, limits.
        .target(name: "RenderProtocol", dependencies: ["RenderCore"], swiftSettings: loopThreadSettings),

        // System-library shims.
        .systemLibrary(name: "CLibUV", pkgConfig: "libuv",
                       providers: [.apt(["libuv1-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo pixman-1 pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpixman-1-dev", "libpango1.0-dev"])]),
        // xcb with MIT-SHM (the window's frames), XKB and XInput 2 (its input), and xkbcommon's
        // keymaps read from the X server (keysyms and text of key events).
        .systemLibrary(name: "CXCB", pkgConfig: "xcb xcb-shm xcb-xkb xcb-xinput xkbcommon xkbcommon-x11",
                       providers: [.apt(["libxcb1-dev", "libxcb-shm0-dev", "libxcb-xkb-dev", "libxcb-xinput-dev",
                                         "libxkbcommon-dev", "libxkbcommon-x11-dev"])]),
        // XTest for the tests of window input (faked pointer and key events); never linked by rendersrvd.
        .target(name: "CXTest", linkerSettings: [.linkedLibrary("xcb-xtest"), .linkedLibrary("xcb")]),
        // libwayland-client with the xdg-shell and presentation-time protocols (their code generated
        // by wayland-scanner, kept in the target): the Wayland window and its input.
        .target(name: "CWayland", linkerSettings: [.linkedLibrary("wayland-client")]),
        // What Glibc hides behind _GNU_SOURCE (timerfd, ucred, signal masks).
        .target(name: "CSystem"),
        // PNG files and contact sheets for the command-line tools (cairo and pango only).
        .target(name: "RenderPictures", dependencies: ["CCairo"]),
        // A text layer's properties → a pango layout: the daemon draws with it, the client
        // measures with it (a label's size is the text the daemon draws).
        .target(name: "TextLayout", dependencies: ["CCairo"]),

        .target(name: "RenderServer",
                dependencies: ["RenderCore", "RenderProtocol", "CLibUV", "CCairo", "CSystem", "CXCB", "CWayland", "TextLayout",
                               .product(name: "Logging", package: "swift-log"),
                               .product(name: "Histogram", package: "hdrhistogram-swift")],
                swiftSettings: loopThreadSettings),
        // What tests, the fuzzer and the benchmarks drive the server with — EmbeddedServer (the
        // core on bytes and a hand-driven clock), the fuzz harness, the benchmarks — kept out
        // of the library rendersrvd links. It reaches RenderServer's `package` declarations.
        .target(name: "RenderServerHarness",
                dependencies: ["RenderServer", "RenderCore", "RenderProtocol", "CSystem",
                               .product(name: "Logging", package: "swift-log")]),
        .target(name: "RenderClient",
                dependencies: ["RenderCore", "RenderProtocol", "CSystem"]),
        // UIKit-style views: layer-backed `View`, animation blocks, property animators.
        .target(name: "RenderViews", dependencies: ["RenderClient"]),
        // ComponentKit-style components: view configuration, scopes and state, flexbox layout,
        // mounting, the animation hooks and builders.
        .target(name: "Components", dependencies: ["RenderViews", "TextLayout"]),
        // POP-style motion computed in the app: springs, decays, basic and custom animations
        // driven by RenderClient's DisplayLink, one commit per frame.
        .target(name: "Dynamics", dependencies: ["RenderClient"]),

        .executableTarget(name: "rendersrvd",
                          dependencies: ["RenderServer", "RenderProtocol",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                         .product(name: "Logging", package: "swift-log")]),
        .executableTarget(name: "rendersrvctl",
                          dependencies: ["RenderClient", "RenderProtocol", "CCairo", "RenderPictures",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "rendersrv-demo",
                          dependencies: ["RenderPictures", "RenderClient", "RenderViews", "Components", "Dynamics",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(name: "rendersrv-stress",
                          dependencies: ["RenderCore", "RenderProtocol", "CSystem", "CLibUV", "RenderClient", "Dynamics",
                                         "RenderServer", "RenderServerHarness", "RenderPictures", "CCairo",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                         .product(name: "Histogram", package: "hdrhistogram-swift")]),
        // The README's Quickstart, verbatim: the smallest client, kept compiling.
        .executableTarget(name: "rendersrv-quickstart", dependencies: ["RenderClient"]),
        .executableTarget(name: "rendersrv-bench",
                          dependencies: ["RenderCore", "RenderProtocol", "RenderServer", "RenderServerHarness"]),
        // The libFuzzer target (built alone with -sanitize=fuzzer,address -DFUZZING by
        // Scripts/fuzz); in the normal build, a replayer of its inputs. No @main under
        // FUZZING: libFuzzer's driver is the entry point, hence -parse-as-library.
        .executableTarget(name: "rendersrv-fuzz", dependencies: ["RenderServerHarness", "RenderServer", "RenderProtocol"],
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])]),

        .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore"]),
        .testTarget(name: "RenderProtocolTests", dependencies: ["RenderProtocol"]),
        .testTarget(name: "RenderClientTests", dependencies: ["RenderClient"]),
        .testTarget(name: "RenderViewsTests", dependencies: ["RenderViews"]),
        .testTarget(name: "ComponentsTests", dependencies: ["Components", "TextLayout"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        // Code written the way UIKit / Core Animation / POP users write it, checked by what it
        // commits (issue 20: a client an iOS engineer writes in ten minutes).
        .testTarget(name: "PortingTests", dependencies: ["RenderClient", "RenderViews", "Dynamics"]),
        // What the window tests of both targets share (Xvfb, XTest, screen reads, polling).
        .target(name: "XDisplaySupport", dependencies: ["CXCB", "CXTest"], path: "Tests/XDisplaySupport"),
        .testTarget(name: "RenderServerTests", dependencies: ["RenderServer", "RenderServerHarness", "CSystem", "CXCB", "CXTest",
                                                              "XDisplaySupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "EndToEndTests", dependencies: ["RenderClient", "RenderProtocol", "RenderViews", "Components", "TextLayout", "CXCB", "CSystem",
                                                          "CXTest", "CCairo", "RenderPictures", "XDisplaySupport"]),
    ]
)
