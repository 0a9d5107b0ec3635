import Dependencies
import Features
import Foundation
import Terminal

// The app's dependencies, each a key of `DependencyValues`, the way the
// library's "Registering dependencies" article teaches. Each is a
// `TestDependencyKey`: its live value is known only at the entry point,
// from the launch inputs, so the article leaves it to be set there
// (`PeopleDependencies.interactiveSession`);
// the test value is what a test gets when it sets nothing.

extension DependencyValues {
    /// The app's one person store, wrapped by `--import` and `--trace`.
    public var personStore: any PersonStore {
        get { self[PersonStoreKey.self] }
        set { self[PersonStoreKey.self] = newValue }
    }

    /// The settings the app runs with.
    public var peopleConfiguration: Configuration {
        get { self[ConfigurationKey.self] }
        set { self[ConfigurationKey.self] = newValue }
    }

    /// The terminal: where text goes and comes from.
    public var console: any Console {
        get { self[ConsoleKey.self] }
        set { self[ConsoleKey.self] = newValue }
    }

    /// Makes the view of each screen, and the session's navigator.
    public var viewFactory: any ViewFactory {
        get { self[ViewFactoryKey.self] }
        set { self[ViewFactoryKey.self] = newValue }
    }
}

/// The key of ``Dependencies/DependencyValues/personStore``; a test that
/// sets no store gets an empty book in memory.
private enum PersonStoreKey: TestDependencyKey {
    static let testValue: any PersonStore = MemoryPersonStore()
}

/// The key of ``Dependencies/DependencyValues/peopleConfiguration``; a
/// plain run's settings, in memory, for a test.
private enum ConfigurationKey: TestDependencyKey {
    static let testValue = Configuration(storeKind: .memory)
}

/// The key of ``Dependencies/DependencyValues/console``; a test's console
/// types nothing and records nothing.
private enum ConsoleKey: TestDependencyKey {
    static let testValue: any Console = ScriptedConsole(input: [])
}

/// The key of ``Dependencies/DependencyValues/viewFactory``; a test gets
/// the line front end's views, drawing to a console of nothing.
private enum ViewFactoryKey: TestDependencyKey {
    static var testValue: any ViewFactory {
        MainActor.assumeIsolated {
            TerminalViews(console: ScriptedConsole(input: []), width: .unknown)
        }
    }
}
