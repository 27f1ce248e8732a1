// swift-tools-version:6.0
//
// rendersrv's examples, written as an app would be: each executable depends on the project
// by path, exactly as the README's Quickstart tells an app to. One package with several
// executables, so the project's libraries are built once for all of them.
//
//     swift build --package-path Examples
//     Examples/.build/debug/HelloLayer [OUT.png]
//
// Each starts its own rendersrvd (RENDERSRVD, else the project's .build) unless
// RENDERSRV_SOCKET names a running one, and writes a contact sheet of what it showed.

import PackageDescription

let package = Package(
    name: "rendersrv-examples",
    dependencies: [
        // `name:` because a path dependency is known by its folder's name otherwise (a clone or
        // worktree need not be called "rendersrv").
        .package(name: "rendersrv", path: ".."),
    ],
    targets: [
        // What every example needs beside its own code and is no part of the lesson: a daemon to
        // talk to, and a contact sheet of the frames it drew (snapshots through ControlClient,
        // tiled by RenderPictures).
        .target(name: "ExampleSupport", dependencies: [
            .product(name: "RenderClient", package: "rendersrv"),
            .product(name: "RenderPictures", package: "rendersrv"),
        ], path: "Support"),

        .executableTarget(name: "HelloLayer", dependencies: [
            "ExampleSupport",
            .product(name: "RenderClient", package: "rendersrv"),
        ], path: "HelloLayer", exclude: ["README.md"]),

        .executableTarget(name: "ViewBlocks", dependencies: [
            "ExampleSupport",
            .product(name: "RenderViews", package: "rendersrv"),
        ], path: "ViewBlocks", exclude: ["README.md"]),

        .executableTarget(name: "ComponentHooks", dependencies: [
            "ExampleSupport",
            .product(name: "Components", package: "rendersrv"),
            .product(name: "RenderViews", package: "rendersrv"),
        ], path: "ComponentHooks", exclude: ["README.md"]),

        .executableTarget(name: "SpringsUnderBlock", dependencies: [
            "ExampleSupport",
            .product(name: "RenderClient", package: "rendersrv"),
            .product(name: "Dynamics", package: "rendersrv"),
        ], path: "SpringsUnderBlock", exclude: ["README.md"]),

        .executableTarget(name: "FlingUnderBlock", dependencies: [
            "ExampleSupport",
            .product(name: "RenderViews", package: "rendersrv"),
        ], path: "FlingUnderBlock", exclude: ["README.md"]),
    ]
)
