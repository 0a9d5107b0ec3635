// The system SQLite library, as a Swift module. No copy of SQLite is built
// here: Linux provides it through libsqlite3-dev, macOS through its SDK.
#include <sqlite3.h>

// sqlite3_db_config takes variable arguments, which Swift cannot pass: this
// one setting, which keeps a connection from copying its log into the
// database file when it closes, is wrapped here.
static inline int people_sqlite3_skip_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
