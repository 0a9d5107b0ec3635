/// Where a user's people database lives when no path is given.
///
/// The platform's per-user data folder: `$XDG_DATA_HOME`, else
/// `~/.local/share`, on Linux; `~/Library/Application Support` on macOS.
/// Worked out from the environment given, not the process's, so it can be
/// tested.
public enum DataFolder {
    /// The database file inside the data folder, or `nil` without a home.
    public static func defaultDatabasePath(environment: [String: String]) -> String? {
        guard let folder = dataFolder(environment: environment) else { return nil }
        return folder + "/people/people.sqlite"
    }

    private static func dataFolder(environment: [String: String]) -> String? {
        #if os(macOS)
            return environment["HOME"].map { $0 + "/Library/Application Support" }
        #else
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg }
            return environment["HOME"].map { $0 + "/.local/share" }
        #endif
    }
}
