// swift-tools-version:6.0
//
// rendersrv — Core Animation's out-of-process render server, rebuilt for Linux.
// Module boundaries are those of ../shared/DESIGN.md: dependencies point one way only.

import PackageDescription

/// Targets that talk to C callbacks and threads use the Swift 5 language mode;
/// the pure value modules use Swift 6.
let v5: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "rendersrv",
    products: [
        .library(name: "RenderCore", targets: ["RenderCore"]),
        .library(name: "RenderProtocol", targets: ["RenderProtocol"]),
        .library(name: "RenderServer", targets: ["RenderServer"]),
        .library(name: "RenderClient", targets: ["RenderClient"]),
        .executable(name: "rendersrvd", targets: ["rendersrvd"]),
        .executable(name: "rendersrvctl", targets: ["rendersrvctl"]),
        .executable(name: "rendersrv-demo", targets: ["rendersrv-demo"]),
        .executable(name: "rendersrv-bench", targets: ["rendersrv-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // Pure values: geometry, timing, animations, presentation evaluation.
        .target(name: "RenderCore"),
        // The wire protocol: messages, codec, framing, limits.
        .target(name: "RenderProtocol", dependencies: ["RenderCore"]),

        // System-library shims.
        .systemLibrary(name: "CLibUV", pkgConfig: "libuv",
                       providers: [.apt(["libuv1-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo pixman-1 pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpixman-1-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CXCB", pkgConfig: "xcb xcb-shm", providers: [.apt(["libxcb1-dev", "libxcb-shm0-dev"])]),
        // What Glibc hides behind _GNU_SOURCE (timerfd, ucred, signal masks).
        .target(name: "CSystem"),

        .target(name: "RenderServer",
                dependencies: ["RenderCore", "RenderProtocol", "CLibUV", "CCairo", "CSystem", "CXCB",
                               .product(name: "Logging", package: "swift-log"),
                               .product(name: "Histogram", package: "hdrhistogram-swift")],
                swiftSettings: v5),
        .target(name: "RenderClient",
                dependencies: ["RenderCore", "RenderProtocol", "CSystem"],
                swiftSettings: v5),

        .executableTarget(name: "rendersrvd",
                          dependencies: ["RenderServer", "RenderProtocol",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                         .product(name: "Logging", package: "swift-log")],
                          swiftSettings: v5),
        .executableTarget(name: "rendersrvctl",
                          dependencies: ["RenderClient", "RenderProtocol", "CCairo",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: v5),
        .executableTarget(name: "rendersrv-demo",
                          dependencies: ["RenderClient",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: v5),
        .executableTarget(name: "rendersrv-bench",
                          dependencies: ["RenderCore", "RenderProtocol", "RenderServer"]),

        .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore"]),
        .testTarget(name: "RenderProtocolTests", dependencies: ["RenderProtocol"]),
        .testTarget(name: "RenderClientTests", dependencies: ["RenderClient"],
                    swiftSettings: v5),
        .testTarget(name: "RenderServerTests", dependencies: ["RenderServer"],
                    exclude: ["Goldens"], swiftSettings: v5),
        .testTarget(name: "EndToEndTests", dependencies: ["RenderClient", "RenderProtocol", "CXCB"],
                    swiftSettings: v5),
    ]
)
