#pragma once
#include <stddef.h>

/// Bytes malloc has handed out and not yet had back (glibc's mallinfo2().uordblks).
size_t arbiter_heap_in_use(void);
