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

        Options:
          --store KIND       where persons are kept: memory (default; starts with
                             three sample persons, saves nothing)
          --page-size N      rows per page, 1 to 500 (default 10)
          -h, --help         show this help
          --version          show the version

        Environment:
          PEOPLE_STORE, PEOPLE_PAGE_SIZE   defaults for --store and --page-size
          NO_COLOR                         set to turn colour off

        Interactive keys: a row's number opens it; n/p next/previous page;
        /text searches and / alone clears; a add; e edit; d delete; b back;
        q quit; ? help.

        Exit status: 0 success, 1 failure (such as an unknown id), 2 bad usage.
        """
}
