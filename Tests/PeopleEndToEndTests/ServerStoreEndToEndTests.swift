#if PostgreSQL
    import Foundation
    import PeopleTestSupport
    import Testing

    /// The server store as users meet it: `people --db postgresql://…`,
    /// several processes at once, another client's SQL, and a server that is
    /// not there.
    @Suite(
        .enabled(
            if: LocalPostgreSQL.serverBinaries != nil,
            "no PostgreSQL server is installed (no initdb): apt-get install postgresql postgresql-contrib"
        ))
    struct ServerStoreEndToEndTests {
        let address: String
        let server: LocalPostgreSQL

        init() throws {
            server = try #require(LocalPostgreSQL.shared).get()
            address = try server.newDatabase()
        }

        @Test func aNewBookOnTheServerShowsTheSamplesAndKeepsWhatIsAdded() async throws {
            let list = try PeopleProcess.run(["list", "--db", address])
            #expect(list.status == 0)
            #expect(list.output.hasSuffix("page 1 of 1 · 1–3 of 3\n"), "\(list.output)")
            let added = try PeopleProcess.run(
                ["add", "--name", "Barbara Liskov"], environment: ["PEOPLE_DB": address])
            #expect(added.output == "4\n")
            let found = try PeopleProcess.run(["list", "--db", address, "--search", "lisk"])
            #expect(found.output.hasPrefix("4  Barbara Liskov\n"), "\(found.output)")
        }

        @Test func anotherClientsInsertIsFoundByTheNextSearch() async throws {
            _ = try PeopleProcess.run(["list", "--db", address])
            try server.sql(address, "INSERT INTO person (name) VALUES ('Edsger Dijkstra')")
            let found = try PeopleProcess.run(["list", "--db", address, "--search", "DIJK"])
            #expect(found.status == 0)
            #expect(found.output.contains("Edsger Dijkstra"), "\(found.output)")
        }

        @Test func twoProcessesWritingAtOnceBothKeepEveryRow() async throws {
            _ = try PeopleProcess.run(["list", "--db", address])
            let first = try PeopleProcess(["seed", "500", "--db", address])
            let second = try PeopleProcess(["seed", "500", "--db", address])
            #expect(try first.finish().status == 0)
            #expect(try second.finish().status == 0)
            let list = try PeopleProcess.run(["list", "--db", address, "--json"])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
            #expect(document["total"] as? Int == 1003)
        }

        @Test func aServerThatIsDownGetsOneLineNamingHostAndPortAndNeverThePassword()
            async throws
        {
            let down = try #require(try LocalPostgreSQL.start())
            down.stop()
            let address = "postgresql://people:pa55word@127.0.0.1:\(down.port)/people"
            for arguments in [["list"], ["export"], ["check"], ["add", "--name", "X"]] {
                let run = try PeopleProcess.run(arguments + ["--db", address])
                #expect(run.status == 1, "\(arguments)")
                #expect(run.output.isEmpty)
                #expect(run.errors.hasPrefix("people: cannot connect to 127.0.0.1:\(down.port): "))
                #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
                #expect(!run.errors.contains("pa55word"))
            }
        }

        @Test func theSettingsScreenShowsTheAddressWithoutItsPassword() async throws {
            let withPassword = address.replacingOccurrences(
                of: "people@", with: "people:pa55word@")
            let run = try PeopleProcess.run(
                ["--db", withPassword, "--debug"], input: "s\n\nb\nq\n")
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("people:***@127.0.0.1"), "\(run.output)")
            #expect(!run.output.contains("pa55word") && !run.errors.contains("pa55word"))
        }
    }
#endif
