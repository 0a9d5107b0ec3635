// swift-tools-version: 6.2
//
// The manifest is part of the lesson: the target graph below is what keeps
// business code from ever reaching for a scope, an injector or an edge.
//
//   Features  ←  AppScope  ←  Injectors  ←  people (main)
//      ↑                         │
//      └── edges ←───────────────┘   SQLiteStore, Terminal, FullScreen, Launch, PersonFiles,
//                                     RemoteFiles, PostgreSQLStore (a trait)
//
// (`Palette`, the terminal's colours, is plain values that `Launch` and
// both front ends share; it depends on nothing, and is published so that
// another package can name the `Theme` a front end is made with.)
//
// `Features` depends on nothing, so `import AppScope` or `import SQLiteStore`
// in a controller is a compile error. `AppScope` knows Features' types but
// no injector and no edge. The edges — everything that touches the world
// outside the process — know Features' protocols and no scope or injector
// (the front ends and Launch also share Palette's colours, and FullScreen
// borrows Terminal's measure of text). Only the injectors see everything,
// and only `main` sees the injectors.
//
// The edges are published too, as products of their own, so that another
// package's tests can use the real ones: run a command line through the
// real launch parsing, open two real SQLite stores over one file. That
// loosens nothing here: what keeps business code from an edge is the
// target graph below, not what is published, and another package's
// business code is its own manifest's to keep apart.

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
        // The three layers of the lesson, so another package can wire its
        // own app the same way, or test through hand-made scopes of this one.
        .library(name: "Features", targets: ["Features"]),
        .library(name: "AppScope", targets: ["AppScope"]),
        .library(name: "Injectors", targets: ["Injectors"]),
        // The fakes this package's tests use: a scripted console, recording
        // views and navigator, loud store fakes. Documented on the doc site.
        .library(name: "PeopleTestSupport", targets: ["PeopleTestSupport"]),
        // A window in memory for the full-screen front end, so a test runs
        // a full-screen session and reads its frames without a terminal.
        .library(name: "FullScreenTestSupport", targets: ["FullScreenTestSupport"]),
        // The edges, for another package's tests and composition root, not
        // its business code: the launch parsing, the SQLite store, the two
        // front ends, person files and remote files. (The server store is
        // not among them: it needs the `PostgreSQL` trait.)
        .library(name: "Launch", targets: ["Launch"]),
        .library(name: "SQLiteStore", targets: ["SQLiteStore"]),
        .library(name: "Terminal", targets: ["Terminal"]),
        .library(name: "FullScreen", targets: ["FullScreen"]),
        .library(name: "PersonFiles", targets: ["PersonFiles"]),
        .library(name: "RemoteFiles", targets: ["RemoteFiles"]),
        // The colours the two front ends and the launch parsing share: the
        // `Theme` a `FrameWriter` or a `TextStyle` is made with.
        .library(name: "Palette", targets: ["Palette"]),
    ],
    // The server store needs PostgreSQL's client library, which a fresh
    // machine does not have: it is built only when asked for, with
    // `swift build --traits PostgreSQL` (or `--enable-all-traits`).
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "The PostgreSQL store (--db postgresql://…), through the system libpq.")
    ],
    dependencies: [],
    targets: [
        // MARK: The lesson

        // Controllers, view and store protocols, the model and its rules.
        // Depends on nothing: it cannot name a scope, an injector or an edge.
        .target(
            name: "Features",
            swiftSettings: strictness
        ),
        // The scopes: what lives how long, and the caches that keep it.
        .target(
            name: "AppScope",
            dependencies: ["Features"],
            swiftSettings: strictness
        ),
        // The composition root: the only code that decides what is built
        // from what, and the only library that sees the edges.
        .target(
            name: "Injectors",
            dependencies: [
                "AppScope", "Features", "SQLiteStore", "Terminal", "FullScreen", "Launch",
                "PersonFiles", "RemoteFiles",
                .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: strictness
        ),
        // The bootstrap: launch inputs into a scope, the scope into the
        // root injector.
        .executableTarget(
            name: "people",
            dependencies: [
                "Injectors", "AppScope", "Features", "Launch", "RemoteFiles", "Terminal",
            ],
            swiftSettings: strictness
        ),

        // MARK: The edges, each behind a protocol of Features

        // The system's SQLite library (libsqlite3-dev on Debian and Ubuntu,
        // part of the SDK on macOS): a module map, not a package dependency.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The SQLite file store: a `PersonStore` that keeps persons between runs.
        .target(
            name: "SQLiteStore",
            dependencies: ["Features", "CSQLite"],
            swiftSettings: strictness
        ),
        // PostgreSQL's client library (libpq-dev on Debian and Ubuntu, libpq
        // in Homebrew), imported only with the `PostgreSQL` trait.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // The server store: a `PersonStore` a team shares through one
        // PostgreSQL database. Without the trait it compiles to nothing.
        .target(
            name: "PostgreSQLStore",
            dependencies: [
                "Features", .target(name: "CLibPQ", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: strictness
        ),
        // The terminal: the standard console, the key reader, the terminal
        // views and the navigation stack that feeds them lines.
        .target(
            name: "Terminal",
            dependencies: ["Features", "Palette"],
            swiftSettings: strictness
        ),
        // The full-screen front end: a split view of the list and the
        // highlighted person, drawn as a grid of cells, keys read raw.
        // Another set of views and a navigator for the same controllers.
        .target(
            name: "FullScreen",
            dependencies: ["Features", "Palette", "Terminal"],
            swiftSettings: strictness
        ),
        // Launch parsing: arguments, environment and the configuration file
        // into a `Configuration` and a `Command`; the one file reader.
        .target(
            name: "Launch",
            dependencies: ["Features", "Palette"],
            swiftSettings: strictness
        ),
        // The colours the terminal front ends draw with, and the `#RRGGBB`
        // converter the configuration file's `theme` is read through: plain
        // values, no I/O, kept out of `Features`, which names no colour.
        .target(
            name: "Palette",
            swiftSettings: strictness
        ),
        // Person files: CSV and JSON read by `--import`, written by `export`
        // and `--json`.
        .target(
            name: "PersonFiles",
            dependencies: ["Features"],
            swiftSettings: strictness
        ),

        // Remote files: `--import` sources given as http:// or https:// URLs,
        // fetched through the toolchain's own URLSession (FoundationNetworking
        // on Linux), every server treated as hostile. (Not named `Network`,
        // which is a system framework on macOS.)
        .target(
            name: "RemoteFiles",
            dependencies: ["Features"],
            swiftSettings: strictness
        ),

        // MARK: Benchmarks

        // Times paging at scale against a 1,003-person baseline, in a release
        // build: `swift run -c release paging-benchmark`.
        .executableTarget(
            name: "paging-benchmark",
            dependencies: ["Features", "SQLiteStore", "Terminal", "PersonFiles"],
            path: "Benchmarks/PagingBenchmark",
            swiftSettings: strictness
        ),
        // The full-screen front end through a pseudo-terminal, key to finished
        // frame at 1,000,000 persons: `swift run -c release screen-benchmark`.
        .executableTarget(
            name: "screen-benchmark",
            path: "Benchmarks/ScreenBenchmark",
            swiftSettings: strictness
        ),
        // The server store against `psql` on the same server, with the
        // PostgreSQL trait: `swift run -c release --traits PostgreSQL
        // server-benchmark`. Starts its server through the tests' helper.
        .executableTarget(
            name: "server-benchmark",
            dependencies: [
                "Features", "PersonFiles", "Terminal",
                .target(name: "PeopleTestSupport", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
            ],
            path: "Benchmarks/ServerBenchmark",
            swiftSettings: strictness
        ),
        // Retries a failing `--import` URL and compares the session's
        // memory after many tries with after a few: `swift run -c release
        // retry-benchmark`. Starts the tests' hostile web server.
        .executableTarget(
            name: "retry-benchmark",
            dependencies: ["Features", "PeopleTestSupport"],
            path: "Benchmarks/RetryBenchmark",
            swiftSettings: strictness
        ),
        // Shows the wiring trace costs nothing when off, against objects
        // built by hand: `swift run -c release wiring-benchmark`.
        .executableTarget(
            name: "wiring-benchmark",
            dependencies: ["Injectors", "AppScope", "Features", "Terminal", "Launch"],
            path: "Benchmarks/WiringBenchmark",
            swiftSettings: strictness
        ),

        // MARK: Tests

        // Fakes shared by the test targets and other packages' tests:
        // recording views, a scripted console, store doubles that fail
        // loudly on unexpected calls.
        .target(
            name: "PeopleTestSupport",
            dependencies: ["Features"],
            path: "Tests/PeopleTestSupport",
            swiftSettings: strictness
        ),
        // The window in memory the full-screen tests draw into, here and
        // in other packages.
        .target(
            name: "FullScreenTestSupport",
            dependencies: ["FullScreen"],
            path: "Tests/FullScreenTestSupport",
            swiftSettings: strictness
        ),
        .testTarget(
            name: "FeaturesTests",
            dependencies: ["Features", "PeopleTestSupport"],
            swiftSettings: strictness
        ),
        // Each edge tested on its own, against the real world it touches.
        .testTarget(
            name: "EdgeTests",
            dependencies: [
                "Features", "PeopleTestSupport", "SQLiteStore", "CSQLite", "Terminal", "Launch",
                "PersonFiles", "RemoteFiles", "Palette", "FullScreen",
                .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
            ],
            // The books earlier releases left, as SQL the tests read from
            // the checkout (see SchemaFixture.swift).
            exclude: ["Fixtures"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "AppScopeTests",
            dependencies: ["AppScope", "Features", "PeopleTestSupport"],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "InjectorsTests",
            dependencies: [
                "Injectors", "AppScope", "Features", "PeopleTestSupport", "Terminal", "Launch",
                "SQLiteStore", "FullScreen", "FullScreenTestSupport",
            ],
            swiftSettings: strictness
        ),
        // Runs the built `people` binary as a user would.
        .testTarget(
            name: "PeopleEndToEndTests",
            dependencies: [
                "people", "Features", "PeopleTestSupport", "SQLiteStore", "CSQLite", "Terminal",
            ],
            swiftSettings: strictness
        ),
    ],
    swiftLanguageModes: [.v6]
)
