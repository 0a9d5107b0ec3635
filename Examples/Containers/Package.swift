// swift-tools-version: 6.2
//
// The same app wired twice more, by two containers, beside the hand wiring
// of the people package: with Swinject (a container of registrations,
// resolved at run time) and with swift-dependencies (dependency values
// carried by task locals). The controllers, views and stores are the
// people package's own, unchanged; only the wiring differs.
//
// The people package keeps `dependencies: []`: the containers are this
// package's, and nothing of the lesson depends on them.
//
//   swift test --package-path Examples/Containers
//   swift run -c release --package-path Examples/Containers container-benchmark
//   Examples/Containers/Scripts/check-mistakes

import PackageDescription

let package = Package(
    name: "people-containers",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-diy-di", path: "../.."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        // The app wired with a Swinject container: an assembly per scope,
        // a child container per session and per opened person.
        .target(
            name: "SwinjectWiring",
            dependencies: [
                "ImportCache",
                .product(name: "Features", package: "swift-diy-di"),
                .product(name: "AppScope", package: "swift-diy-di"),
                .product(name: "PersonFiles", package: "swift-diy-di"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        // The app wired with swift-dependencies: a key per dependency,
        // `withDependencies` where a session or a person begins.
        .target(
            name: "DependenciesWiring",
            dependencies: [
                "ImportCache",
                .product(name: "Features", package: "swift-diy-di"),
                .product(name: "AppScope", package: "swift-diy-di"),
                .product(name: "PersonFiles", package: "swift-diy-di"),
                .product(name: "Terminal", package: "swift-diy-di"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]
        ),
        // The `--import` cache both wirings keep: neither container has an
        // async factory, so each holds the people package's own.
        .target(
            name: "ImportCache",
            dependencies: [
                .product(name: "AppScope", package: "swift-diy-di"),
                .product(name: "Features", package: "swift-diy-di"),
                .product(name: "PersonFiles", package: "swift-diy-di"),
            ]
        ),
        // glibc's count of the heap in use, for the benchmark's memory figure.
        .target(name: "HeapInUse"),
        // Opens a person through each wiring, as a ratio to the same graph
        // by hand: `swift run -c release container-benchmark`.
        .executableTarget(
            name: "container-benchmark",
            dependencies: [
                "SwinjectWiring", "DependenciesWiring", "HeapInUse",
                .product(name: "Features", package: "swift-diy-di"),
                .product(name: "AppScope", package: "swift-diy-di"),
                .product(name: "Injectors", package: "swift-diy-di"),
                .product(name: "Terminal", package: "swift-diy-di"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]
        ),
        .testTarget(
            name: "ContainersTests",
            dependencies: [
                "SwinjectWiring", "DependenciesWiring",
                .product(name: "Features", package: "swift-diy-di"),
                .product(name: "AppScope", package: "swift-diy-di"),
                .product(name: "Injectors", package: "swift-diy-di"),
                .product(name: "PeopleTestSupport", package: "swift-diy-di"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                // Reports the library's issues to Swift Testing.
                .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
