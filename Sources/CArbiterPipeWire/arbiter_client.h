/* What the stage's connection and the observer share: a client's own thread loop, context and core. */
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

/* Makes a thread loop named `thread_name`, its context, and a core connected to `remote` (NULL: the default) as
 * `app_name`. On success returns 0 with the loop started and locked. On failure returns -1 with `error` filled,
 * and whatever was made is in `*loop` and `*context` for the caller's clean-up (`arbiter_client_close`). */
int arbiter_client_open(struct pw_thread_loop **loop, struct pw_context **context, struct pw_core **core,
                        const char *thread_name, const char *app_name, const char *remote, char *error,
                        int error_len);

/* Disconnects the core and destroys the context and the loop (stopped by the caller first, before it destroys
 * its own proxies). Any of them may be NULL. */
void arbiter_client_close(struct pw_thread_loop *loop, struct pw_context *context, struct pw_core *core);

/* A round trip on a core: a sync sent, answered by the core's `done` event with the same sequence number. */
struct arbiter_sync {
    int pending_seq;
    int done;
};

/* Sends a sync on `core` (on the loop thread or with its lock held); `sync->done` is 0 until it is answered. */
void arbiter_sync_send(struct arbiter_sync *sync, struct pw_core *core);

/* From a core's `done` event: marks `sync` done and wakes the waiters of `loop` when the event answers it. */
void arbiter_sync_answered(struct arbiter_sync *sync, struct pw_thread_loop *loop, uint32_t id, int seq);

#endif
