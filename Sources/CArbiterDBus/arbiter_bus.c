#include "arbiter_bus.h"
#include <systemd/sd-bus.h>
