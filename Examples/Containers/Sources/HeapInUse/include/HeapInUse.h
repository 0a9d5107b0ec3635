// The bytes the allocator holds for the program now: glibc's count of the
// heap in use (`mallinfo2`), which Swift's Glibc module does not export.
// Zero where it is not available, which the benchmark reports as n/a.
#pragma once
#include <stddef.h>
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
static inline size_t heap_in_use(void) { return mallinfo2().uordblks; }
#else
static inline size_t heap_in_use(void) { return 0; }
#endif
