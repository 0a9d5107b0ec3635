import Launch
import Testing

/// The Swift runtime's crash report is told not to wait at the terminal,
/// and a setting the person gave is kept.
@Suite struct CrashReportsTests {
    @Test func aRunAtATerminalTellsTheReportNotToAsk() throws {
        let setting = try #require(CrashReports.quietSetting(nil, inputIsTerminal: true))
        #expect(setting.split(separator: ",").contains("interactive=no"))
    }

    @Test func aSettingGivenIsKeptAndOnlyAskingIsAdded() throws {
        let given = "color=no,limit=8"
        let setting = try #require(CrashReports.quietSetting(given, inputIsTerminal: true))
        #expect(setting.hasPrefix(given + ","))
        #expect(setting.split(separator: ",").last == "interactive=no")
    }

    @Test(arguments: ["interactive=yes", "color=no, interactive = yes", "interactive=no"])
    func aSettingThatSaysWhetherToAskIsLeftAsItIs(given: String) {
        #expect(CrashReports.quietSetting(given, inputIsTerminal: true) == nil)
    }

    @Test func aRunWithNoTerminalIsNotStartedAgain() {
        // With no terminal to ask on, the report asks nothing.
        #expect(CrashReports.quietSetting(nil, inputIsTerminal: false) == nil)
        #expect(CrashReports.quietSetting("color=no", inputIsTerminal: false) == nil)
    }
}
