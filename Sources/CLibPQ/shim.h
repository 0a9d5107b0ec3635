// PostgreSQL's client library, libpq, as a Swift module. Nothing of it is
// built here: Debian and Ubuntu provide it through libpq-dev, Homebrew
// through libpq. Only the `PostgreSQL` trait imports it, so the default
// build needs neither.
#include <libpq-fe.h>
