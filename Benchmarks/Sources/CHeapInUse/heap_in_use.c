#include "heap_in_use.h"
#include <malloc.h>

size_t arbiter_heap_in_use(void) { return mallinfo2().uordblks; }
