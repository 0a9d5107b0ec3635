import Foundation
import PeopleTestSupport
import Testing

/// A new book holds only what its owner puts in: it starts empty, the
/// demo persons come only when asked for (`x` on the empty list, or
/// `people demo`), and a command that only reads makes no book where
/// there is none.
@Suite struct NewBookTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder().url
    }

    @Test func aSessionMakesANewBookEmptyAndItsListOffersTheDemoPersons() throws {
        let path = folder.appendingPathComponent("people.sqlite").path
        let first = try PeopleProcess.run(["--db", path, "--ui", "line"], input: "q\n")
        #expect(first.status == 0)
        #expect(first.output.contains("no one yet; a adds someone, x three demo persons"))
        #expect(!first.output.contains("Ada Lovelace"), "no stranger in a new book")
        #expect(FileManager.default.fileExists(atPath: path), "a session makes the book")
        let listed = try PeopleProcess.run(["list", "--db", path])
        #expect(listed.status == 0)
        #expect(listed.output == "no one yet\n")
    }

    /// The line front end's `x`: the three demo persons, in the list at
    /// once; asked again, refused, since the book is no longer empty.
    @Test func xOnTheEmptyListFillsTheBookOnceInTheLineFrontEnd() throws {
        let path = folder.appendingPathComponent("people.sqlite").path
        let run = try PeopleProcess.run(["--db", path, "--ui", "line"], input: "x\nx\nq\n")
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "Added the demo persons Ada Lovelace, Alan Turing and Grace Hopper."))
        #expect(run.output.contains("People · 1–3 of 3"))
        #expect(run.output.contains("The demo persons go only in an empty book."))
        let listed = try PeopleProcess.run(["list", "--db", path])
        #expect(listed.output.hasSuffix("page 1 of 1 · 1–3 of 3\n"), "\(listed.output)")
    }

    @Test func demoFillsAnEmptyBookAndRefusesOneThatHoldsAnyone() throws {
        let path = folder.appendingPathComponent("people.sqlite").path
        let filled = try PeopleProcess.run(["demo", "--db", path])
        #expect(filled.status == 0)
        #expect(
            filled.output == "added the 3 demo persons: Ada Lovelace, Alan Turing, Grace Hopper\n")
        let shown = try PeopleProcess.run(["show", "2", "--db", path])
        #expect(shown.output.contains("Name     Alan Turing\n"))
        #expect(shown.output.contains("2010-06-21"), "each keeps its own date")
        let again = try PeopleProcess.run(["demo", "--db", path])
        #expect(again.status == 1)
        #expect(again.output.isEmpty)
        #expect(
            again.errors
                == "people: the book holds 3 persons already; the demo persons go only in an empty book\n"
        )
        let other = folder.appendingPathComponent("other.sqlite").path
        #expect(try PeopleProcess.run(["add", "--name", "Zed", "--db", other]).status == 0)
        let refused = try PeopleProcess.run(["demo", "--db", other])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("holds 1 person already"))
        #expect(try PeopleProcess.run(["list", "--db", other]).output.hasPrefix("1  Zed\n"))
    }

    /// `people --db /nonexist/q.sqlite query a` made the folder and the
    /// file; every command that only reads, or changes persons already
    /// there, now makes nothing and names the path in one line.
    @Test(arguments: [
        ["list"], ["list", "--json"], ["show", "1"], ["export"], ["export", "--format", "vcard"],
        ["query", "a"], ["check"], ["edit", "1", "--name", "Zed"], ["delete", "1"],
    ])
    func aReadOnAMissingBookMakesNoFileNorFolder(_ command: [String]) throws {
        let missing = folder.appendingPathComponent("not/here/people.sqlite").path
        let run = try PeopleProcess.run(command + ["--db", missing])
        #expect(run.status == 1, "\(command)")
        let line = "people: there is no database at '\(missing)'; nothing was made there\n"
        // A mail client shows a query's first line on standard output.
        if command[0] == "query" {
            #expect(run.output == line)
            #expect(run.errors.isEmpty)
        } else {
            #expect(run.errors == line, "\(command)")
            #expect(run.output.isEmpty, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("not").path))
    }

    /// The commands that write make the book, empty but for what they add.
    @Test func aCommandThatWritesMakesTheBook() throws {
        let path = folder.appendingPathComponent("new/people.sqlite").path
        let added = try PeopleProcess.run(["add", "--name", "Zed", "--db", path])
        #expect(added.status == 0)
        #expect(added.output == "1\n")
        #expect(try PeopleProcess.run(["list", "--db", path]).output.hasPrefix("1  Zed\n"))
    }
}
