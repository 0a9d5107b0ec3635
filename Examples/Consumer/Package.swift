// swift-tools-version: 6.2
//
// A package of someone else's that depends on the people package by path and
// tests it the way the README shows: scopes built by hand, fakes at the
// edges, the real injectors in between. It uses only the published
// products, so if this builds and passes, the products work from outside.
// CI runs `swift test --package-path Examples/Consumer`.

import PackageDescription

let package = Package(
    name: "people-consumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-diy-di", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                .product(name: "Features", package: "swift-diy-di"),
                .product(name: "AppScope", package: "swift-diy-di"),
                .product(name: "Injectors", package: "swift-diy-di"),
                .product(name: "PeopleTestSupport", package: "swift-diy-di"),
                // Edges, so the tests can run the real launch parsing and
                // open real SQLite files: a test's business, not that of any
                // business code of this package.
                .product(name: "Launch", package: "swift-diy-di"),
                .product(name: "SQLiteStore", package: "swift-diy-di"),
                // The full-screen front end, drawn into a window in memory,
                // with the colours it is made with.
                .product(name: "FullScreen", package: "swift-diy-di"),
                .product(name: "FullScreenTestSupport", package: "swift-diy-di"),
                .product(name: "Palette", package: "swift-diy-di"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
