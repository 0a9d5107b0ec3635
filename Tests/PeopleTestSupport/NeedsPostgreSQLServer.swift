import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a suite only on a machine that can start a PostgreSQL server of
    /// its own (``LocalPostgreSQL``), and says how to install one where it
    /// cannot: every suite of the server store shares the one condition.
    package static var needsPostgreSQLServer: Self {
        .enabled(
            if: LocalPostgreSQL.serverBinaries != nil,
            "no PostgreSQL server is installed (no initdb): apt-get install postgresql postgresql-contrib"
        )
    }
}
