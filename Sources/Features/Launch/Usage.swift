/// The text `people --help` and `people --version` print.
public enum Usage {
    /// The version of the sample.
    public static let version = "1.0.0"

    /// The full help, listing every command and option.
    public static let help = """
        people — a master-detail address book, wired by hand (DIY dependency injection).

        Usage:
          people [options]                 browse, open, add, edit and delete interactively
          people list [--page N] [--search TEXT] [--json]
          people show ID [--json]
          people add --name NAME [--address ADDRESS] [--email EMAIL]
          people edit ID [--name NAME] [--address ADDRESS] [--email EMAIL]
          people delete ID
          people seed N                    add N generated demo persons (one transaction)

        Options:
          --store KIND       where persons are kept: sqlite (default) or memory
                             (starts with three sample persons, saves nothing)
          --db PATH          the SQLite file (default: see "Data" below)
          --page-size N      rows per page, 1 to 500 (default 10)
          --config FILE      read settings from a JSON file (flags and environment
                             variables win over it); keys: store, database,
                             pageSize, debug, trace, import, theme
          --debug            the settings screen (key s) also shows the object
                             graph and store statistics
          --trace            log every store call, and every object the
                             injectors build, to standard error
          --import FILE      also list the persons in FILE (CSV with a header
                             row name,address,email, or JSON), read-only
          -h, --help         show this help
          --version          show the version

        Environment:
          PEOPLE_STORE, PEOPLE_PAGE_SIZE, PEOPLE_DB   defaults for --store,
                                           --page-size and --db
          NO_COLOR                         set to turn colour off

        Data:
          The sqlite store keeps persons in --db, else $PEOPLE_DB, else
          $XDG_DATA_HOME/people/people.sqlite (~/.local/share/people/people.sqlite
          when XDG_DATA_HOME is unset; ~/Library/Application Support/people/
          people.sqlite on macOS). A new database starts with three sample
          persons. To start afresh, delete that file (and its -wal and -shm files).

        Interactive keys: a row's number opens it; n/p next/previous page;
        /text searches and / alone clears; a add; s settings; e edit;
        d delete; b back; q quit; ? help.

        Exit status: 0 success, 1 failure (such as an unknown id), 2 bad usage.
        """
}
