import Features
import Testing

@Suite struct DataFolderTests {
    #if os(macOS)
        @Test func macOSKeepsDataInApplicationSupport() {
            #expect(
                DataFolder.defaultDatabasePath(environment: ["HOME": "/Users/ada"])
                    == "/Users/ada/Library/Application Support/people/people.sqlite")
        }
    #else
        @Test func linuxUsesXDGDataHomeElseLocalShare() {
            #expect(
                DataFolder.defaultDatabasePath(environment: ["HOME": "/home/ada"])
                    == "/home/ada/.local/share/people/people.sqlite")
            #expect(
                DataFolder.defaultDatabasePath(environment: [
                    "HOME": "/home/ada", "XDG_DATA_HOME": "/data",
                ])
                    == "/data/people/people.sqlite")
            #expect(
                DataFolder.defaultDatabasePath(environment: [
                    "HOME": "/home/ada", "XDG_DATA_HOME": "relative",
                ])
                    == "/home/ada/.local/share/people/people.sqlite")
        }
    #endif

    @Test func withoutAHomeThereIsNoDefault() {
        #expect(DataFolder.defaultDatabasePath(environment: [:]) == nil)
    }
}
