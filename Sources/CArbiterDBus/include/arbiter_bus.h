/* The session bus, over libsystemd's sd-bus: what `arbiter attach` asks of MPRIS players and the phone stack. */
#ifndef ARBITER_BUS_H
#define ARBITER_BUS_H

typedef struct arbiter_bus arbiter_bus;

#endif
