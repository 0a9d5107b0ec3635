// The system SQLite library, as a Swift module. No copy of SQLite is built
// here: Linux provides it through libsqlite3-dev, macOS through its SDK.
#include <sqlite3.h>
