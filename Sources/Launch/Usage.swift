import Features

/// The text `people --help` prints.
public enum Usage {
    /// The full help, listing every command and option, then `keyReference`.
    ///
    /// The keys belong to the front ends, which this edge does not know: the
    /// composition root hands over each front end's reference, drawn
    /// from ``Features/AppScreen``, the one declaration of the screens and
    /// their intents, so this page cannot miss a screen or list a key a
    /// screen does not have.
    ///
    /// - Parameter keyReference: every screen's keys, one line each, as each
    ///   front end reads them.
    public static func help(keyReference: String) -> String {
        commandsAndOptions + "\n\n" + keyReference + "\n\n" + exitStatus
    }

    static let exitStatus = """
        Exit status: 0 success, 1 failure (such as an unknown id or output that
        could not be written), 2 bad usage; on the server store, 130 Ctrl-C,
        143 SIGTERM, 129 SIGHUP.
        """

    /// The commands' lines come from ``CommandUsage``, which each
    /// command's own `--help` page is made from too.
    private static let commandsAndOptions = """
        people — a master-detail address book, wired by hand (DIY dependency injection).

        Usage:
          people [options]                 browse, open, add, edit and delete interactively
        \(CommandUsage.all.map(\.listing).joined(separator: "\n"))

        Options:
          --store KIND       where persons are kept: sqlite (default), memory
                             (starts with three sample persons, saves nothing)
                             or postgresql (a server; see "Data" below)
          --db PATH|URL      the SQLite file (default: see "Data" below), or a
                             postgresql://user@host:port/dbname address
          --schema NAME      the postgresql store's schema for the book (default:
                             the one on the search path that holds it, else
                             the first); a team whose users each have a schema
                             of their own names one, such as public
          --page-size N      rows per page, 1 to 500 (default 10), of list and
                             --ui line; the full-screen list fills its window
          --config FILE      read settings from a JSON file (flags and environment
                             variables win over it); keys: store, database,
                             pageSize, debug, trace, import, theme, ui, schema;
                             without it, $XDG_CONFIG_HOME/people/config.json
                             (~/.config/people/config.json) when it is there
          --debug            the settings screen (key s) also shows the object
                             graph and store statistics
          --trace            log every store call, and every object the
                             injectors build, to standard error
          --import SOURCE    also list the persons in SOURCE, a file or an
                             http(s) URL (vCard, CSV with a header row
                             naming fields, such as name,address,email, or
                             JSON), read-only; may be given more than once,
                             all read at once
          --latency TIME     wait TIME (such as 300ms or 2s) before every store
                             call, to watch loading and cancelling by hand
          --ui full|line     the interactive front end: full, a split view of
                             the list and the highlighted person (the default
                             at a terminal), or line, a line at a time (the
                             default for pipes, scripts and TERM=dumb)
          --color WHEN       auto (the default: as the terminal says, see
                             COLORTERM below), never, 16, 256 or truecolor
                             (even into a pipe, and over NO_COLOR)
          -h, --help         show this help; after a command (people seed --help),
                             that command's own usage, arguments and options
          --version          show the version

        Environment:
          PEOPLE_STORE, PEOPLE_PAGE_SIZE, PEOPLE_DB, PEOPLE_UI, PEOPLE_SCHEMA
                                           defaults for --store, --page-size,
                                           --db, --ui and --schema
          NO_COLOR                         set and not empty: no colour (nor with
                                           TERM dumb or unset, or off a terminal)
          COLORTERM, TERM                  the colours used: 24-bit for COLORTERM
                                           truecolor or 24bit, or a TERM ending
                                           -direct; else 256 for a TERM such as
                                           xterm-256color; else 16
          COLUMNS                          the width screen rows are cut to when the
                                           output is not a terminal, or it does not say
                                           (default 80)

        Data:
          The sqlite store keeps persons in --db, else $PEOPLE_DB, else the
          --config file's database, else $XDG_DATA_HOME/people/people.sqlite
          (~/.local/share/people/people.sqlite when XDG_DATA_HOME is unset,
          empty or relative; ~/Library/Application Support/people/people.sqlite
          on macOS); HOME must then be an absolute path. A new database
          starts empty, made by a session or a command that writes; its empty
          list offers the demo persons (as does people demo). The commands
          that only read (list, show, export, query, check) and edit and
          delete make nothing where there is no book: they say so and exit 1.
          To start afresh, delete that file (and its -wal and -shm files).
          A postgresql:// (or postgres://) address chooses the postgresql store,
          which a team can share; what it leaves out comes from PGHOST, PGPORT,
          PGUSER, PGDATABASE and ~/.pgpass, as for psql. A new book there
          starts empty, made by the first command that adds persons (add,
          seed, demo or import; no other command, nor a session, makes
          one). That store is built only with:
          swift build --traits PostgreSQL
        """
}
