import Foundation

/// A new, empty folder under the system's temporary folder, for one test.
///
/// Each test makes its own, so tests running in parallel never share a file.
/// A test leaves its folder behind, so a failing test's database can still
/// be looked at; but every folder of one run of the tests sits in that run's
/// own folder, and a run removes the folders of the runs before it whose
/// process has ended. So a machine keeps the folders of the last run, not
/// the tens of thousands every run used to add to `/tmp`.
public struct TemporaryFolder: Sendable {
    /// The folder's path.
    public let url: URL

    /// Creates the folder.
    public init() throws {
        url = Self.runFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// This process's folder of test folders, `people-tests-UID/run-PID`,
    /// made once; the runs before it whose process has ended are removed
    /// first.
    ///
    /// The per-user folder is trusted only when it is a real folder this
    /// user owns that no one else can write, as this code made it: another
    /// user's folder or link of that name in the shared `/tmp` would
    /// otherwise choose where tests write, and what is removed. Then each
    /// test's folder goes straight into the temporary folder, as before.
    private static let runFolder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        let mine = temporary.appendingPathComponent("people-tests-\(getuid())")
        // Others may pass through, as through /tmp itself: the tests of
        // another user's files run `people` as that user, on a book here.
        _ = mkdir(mine.path, 0o755)
        var status = stat()
        guard lstat(mine.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
            status.st_uid == getuid(), status.st_mode & 0o022 == 0,
            chmod(mine.path, 0o755) == 0
        else { return temporary }
        let ended =
            (try? FileManager.default.contentsOfDirectory(atPath: mine.path)) ?? []
        for name in ended where name.hasPrefix("run-") {
            guard let pid = pid_t(name.dropFirst("run-".count)), pid != getpid(),
                kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: mine.appendingPathComponent(name))
        }
        return mine.appendingPathComponent("run-\(getpid())")
    }()
}
