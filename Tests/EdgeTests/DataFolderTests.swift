import Features
import Launch
import Testing

/// Where the database lives when no path is given, and that a `HOME` which
/// would put it under `/` or the working folder is refused instead.
@Suite struct DataFolderTests {
    private func path(_ environment: [String: String]) throws(UsageError) -> String? {
        try DataFolder.defaultDatabasePath(environment: environment)
    }

    private func problem(_ environment: [String: String]) -> String? {
        do {
            _ = try path(environment)
            return nil
        } catch {
            return error.message
        }
    }

    #if os(macOS)
        @Test func macOSKeepsDataInApplicationSupport() async throws {
            #expect(
                try path(["HOME": "/Users/ada"])
                    == "/Users/ada/Library/Application Support/people/people.sqlite")
        }
    #else
        @Test func linuxUsesXDGDataHomeElseLocalShare() async throws {
            #expect(
                try path(["HOME": "/home/ada"]) == "/home/ada/.local/share/people/people.sqlite")
            #expect(
                try path(["HOME": "/home/ada", "XDG_DATA_HOME": "/data"])
                    == "/data/people/people.sqlite")
            #expect(
                try path(["HOME": "/home/ada", "XDG_DATA_HOME": "relative"])
                    == "/home/ada/.local/share/people/people.sqlite")
            #expect(
                try path(["HOME": "/home/ada", "XDG_DATA_HOME": ""])
                    == "/home/ada/.local/share/people/people.sqlite")
        }

        @Test func anAbsoluteXDGDataHomeNeedsNoHome() async throws {
            #expect(
                try path(["HOME": "", "XDG_DATA_HOME": "/data"]) == "/data/people/people.sqlite")
        }
    #endif

    @Test func withoutAHomeThereIsNoDefault() async throws {
        #expect(try path([:]) == nil)
    }

    /// An empty `HOME` would put the database under `/`, a relative one
    /// under the working folder; a relative or empty `XDG_DATA_HOME` is
    /// ignored, so it cannot save either.
    @Test(arguments: ["", "relative", "relative-data"])
    func anEmptyOrRelativeHomeIsRefusedNamingIt(_ xdg: String) async {
        let fix =
            "so there is no data folder for the database; set HOME to an absolute path, set PEOPLE_DB, or pass --db PATH"
        #expect(problem(["HOME": "", "XDG_DATA_HOME": xdg]) == "HOME is empty, \(fix)")
        #expect(
            problem(["HOME": "home/ada", "XDG_DATA_HOME": xdg])
                == "HOME: 'home/ada' is not an absolute path, \(fix)")
        #expect(
            problem(["HOME": "./\u{1B}[2J", "XDG_DATA_HOME": xdg])
                == "HOME: './␛[2J' is not an absolute path, \(fix)")
    }
}
