// swift-tools-version: 6.2
//
// The manifest is part of the lesson: the target graph below is what keeps
// business code from ever reaching for a scope or an injector.
//
//   Features  ←  AppScope  ←  Injectors  ←  people (main)
//
// `Features` depends on nothing, so `import AppScope` in a controller is a
// compile error. `AppScope` knows Features' types but no injector. Only the
// injectors see everything, and only `main` sees the injectors.

import PackageDescription

/// Settings every target shares: `any` spelled out on every protocol-typed
/// dependency, so a reader sees which collaborators are existentials.
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "swift-diy-di",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "people", targets: ["people"]),
        // The three layers, so another package can wire its own app the
        // same way, or test through hand-made scopes of this one.
        .library(name: "Features", targets: ["Features"]),
        .library(name: "AppScope", targets: ["AppScope"]),
        .library(name: "Injectors", targets: ["Injectors"]),
        // The fakes this package's tests use (module `TestSupport`): a
        // scripted console, recording views and navigator, loud store fakes.
        .library(name: "PeopleTestSupport", targets: ["TestSupport"]),
    ],
    dependencies: [],
    targets: [
        // The system's SQLite library (libsqlite3-dev on Debian and Ubuntu,
        // part of the SDK on macOS): a module map, not a package dependency.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "Features",
            dependencies: ["CSQLite"],
            swiftSettings: strictness
        ),
        .target(
            name: "AppScope",
            dependencies: ["Features"],
            swiftSettings: strictness
        ),
        .target(
            name: "Injectors",
            dependencies: ["AppScope", "Features"],
            swiftSettings: strictness
        ),
        .executableTarget(
            name: "people",
            dependencies: ["Injectors", "AppScope"],
            swiftSettings: strictness
        ),
        // Times paging at scale against a 3-person baseline, in a release
        // build: `swift run -c release paging-benchmark`.
        .executableTarget(
            name: "paging-benchmark",
            dependencies: ["Features"],
            path: "Benchmarks/PagingBenchmark",
            swiftSettings: strictness
        ),
        // Shows the wiring trace costs nothing when off, against objects
        // built by hand: `swift run -c release wiring-benchmark`.
        .executableTarget(
            name: "wiring-benchmark",
            dependencies: ["Injectors", "AppScope", "Features"],
            path: "Benchmarks/WiringBenchmark",
            swiftSettings: strictness
        ),

        // Fakes shared by the test targets: recording views, a scripted
        // console, store doubles that fail loudly on unexpected calls.
        .target(
            name: "TestSupport",
            dependencies: ["Features"],
            path: "Tests/TestSupport",
            swiftSettings: strictness
        ),
        .testTarget(
            name: "FeaturesTests",
            dependencies: ["Features", "TestSupport", "CSQLite"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "AppScopeTests",
            dependencies: ["AppScope", "Features", "TestSupport"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "InjectorsTests",
            dependencies: ["Injectors", "AppScope", "Features", "TestSupport"],
            swiftSettings: strictness
        ),
        // Runs the built `people` binary as a user would.
        .testTarget(
            name: "PeopleEndToEndTests",
            dependencies: ["people", "Features", "TestSupport", "CSQLite"],
            swiftSettings: strictness
        ),
    ],
    swiftLanguageModes: [.v6]
)
