// Everything is in the header; a C target needs a source file.
#include "HeapInUse.h"
