import Features

/// Where a user's people database lives when no path is given.
///
/// The platform's per-user data folder: `$XDG_DATA_HOME`, else
/// `~/.local/share`, on Linux; `~/Library/Application Support` on macOS.
/// Worked out from the environment given, not the process's, so it can be
/// tested.
///
/// `HOME` must be an absolute path. An empty one would put the database
/// under `/`, and a relative one under whatever folder the program was
/// started in, so both are refused instead of guessed at. An empty or
/// relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory
/// specification asks, and the folder under `HOME` used.
public enum DataFolder {
    /// The database file inside the data folder, or `nil` without a home.
    ///
    /// - Throws: ``Features/UsageError`` naming `HOME` when it is set but empty or
    ///   not an absolute path.
    public static func defaultDatabasePath(environment: [String: String]) throws(UsageError)
        -> String?
    {
        guard let folder = try dataFolder(environment: environment) else { return nil }
        return folder + "/people/people.sqlite"
    }

    /// The configuration file read when `--config` names none:
    /// `$XDG_CONFIG_HOME/people/config.json`, else
    /// `~/.config/people/config.json` (on macOS too, as command-line tools
    /// keep theirs); `nil` without an absolute home.
    ///
    /// A relative `XDG_CONFIG_HOME` is ignored, as the specification asks.
    /// A bad `HOME` is not an error here: the data folder says so when the
    /// database needs it.
    public static func defaultConfigurationPath(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg + "/people/config.json"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/people/config.json"
    }

    private static func dataFolder(environment: [String: String]) throws(UsageError) -> String? {
        #if !os(macOS)
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg }
        #endif
        guard let home = environment["HOME"] else { return nil }
        let fix = "set HOME to an absolute path, set PEOPLE_DB, or pass --db PATH"
        if home.isEmpty {
            throw UsageError("HOME is empty, so there is no data folder for the database; \(fix)")
        }
        guard home.hasPrefix("/") else {
            throw UsageError(
                "HOME: \(InertText.quoted(home)) is not an absolute path, so there is no data folder for the database; \(fix)"
            )
        }
        #if os(macOS)
            return home + "/Library/Application Support"
        #else
            return home + "/.local/share"
        #endif
    }
}
