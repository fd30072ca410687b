/* What the stage's connection and the observer share: a client's own thread loop, context, core and registry,
 * connecting, and round trips. */
#ifndef ARBITER_CLIENT_H
#define ARBITER_CLIENT_H

#include <pipewire/pipewire.h>

/* The largest quantum a stream of ours is set up for, in frames: the private daemon's default.clock.max-quantum
 * and libpipewire 0.3's default largest quantum. A stream's converter keeps working buffers for 65 channels at
 * the context's quantum limit (8192 frames by default): about 4.6 MB resident a stream, 1.4 MB at 2048. Our
 * streams also say they take no more latency than this (node.max-latency), so no graph they are in runs a larger
 * quantum. */
#define ARBITER_QUANTUM_LIMIT "2048"

/* The properties of a context of ours: its quantum limit. */
struct pw_properties *arbiter_context_properties(void);

/* A round trip on a core: a sync sent, answered by the core's `done` event with the same sequence number. */
struct arbiter_sync {
    int pending_seq;
    int done;
};

/* Sends a sync on `core` (on the loop thread or with its lock held); `sync->done` is 0 until it is answered. */
void arbiter_sync_send(struct arbiter_sync *sync, struct pw_core *core);

/* From a core's `done` event: marks `sync` done and wakes the waiters of `loop` when the event answers it. */
void arbiter_sync_answered(struct arbiter_sync *sync, struct pw_thread_loop *loop, uint32_t id, int seq);

/* Waits, with `loop`'s lock held, until `sync` is answered: 0, or -1 at `deadline` or once `*dead` is set. */
int arbiter_sync_wait(struct arbiter_sync *sync, struct pw_thread_loop *loop, const int *dead,
                      struct timespec *deadline);

/* A client of the daemon: its own thread loop, context and core, the registry it follows, the round trip under
 * way, and whether the daemon went away. The stage's connection and the observer are each one. */
struct arbiter_client {
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct spa_hook core_listener;
    struct pw_registry *registry;
    struct spa_hook registry_listener;
    struct arbiter_sync sync;
    int dead;
};

/* Makes the client's thread loop named `thread_name`, its context, and a core connected to `remote` (NULL: the
 * default) as `app_name`, and follows the core's and the registry's events with `core_events` and
 * `registry_events` (given `data`). On success returns 0 with the loop started and locked. On failure returns -1
 * with `error` filled, and whatever was made is left for `arbiter_client_close`. */
int arbiter_client_connect(struct arbiter_client *client, const char *thread_name, const char *app_name,
                           const char *remote, const struct pw_core_events *core_events,
                           const struct pw_registry_events *registry_events, void *data, char *error, int error_len);

/* Destroys the registry, disconnects the core and destroys the context and the loop (stopped by the caller first,
 * before it destroys its own proxies). Any of them may be missing. */
void arbiter_client_close(struct arbiter_client *client);

/* `deadline` set to `timeout_ms` from now on the client's loop clock. */
void arbiter_client_deadline(struct arbiter_client *client, struct timespec *deadline, int timeout_ms);

/* A round trip, with the loop's lock held: a sync sent and its answer waited for until `deadline`. 0, or -1 on
 * timeout or once the daemon went away. */
int arbiter_client_round_trip(struct arbiter_client *client, struct timespec *deadline);

#endif
