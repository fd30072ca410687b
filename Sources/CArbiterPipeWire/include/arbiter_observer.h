/* A second, read-only connection to the daemon that follows the graph as any other client sees it: every node's
 * name, each stream's state, channel volume and mute (as the daemon publishes them), and every link. It only
 * listens; it never asks the daemon to change anything. Every function takes its own thread loop's lock. */
#ifndef ARBITER_OBSERVER_H
#define ARBITER_OBSERVER_H

#include <stdint.h>

typedef struct arbiter_observer arbiter_observer;

/* A node as last published. `state` is a pw_node_state (-1 error, 0 creating, 1 suspended, 2 idle, 3 running)
 * for a stream (media.class Stream/...), or -2 when not known (not a stream, or no info yet). */
struct arbiter_observed_node {
    uint32_t id;
    int32_t state;
    int32_t has_volume;
    float volume;   /* the first channel volume of the Props param that carries channel volumes */
    int32_t has_mute;
    int32_t mute;
    char name[256];
};

struct arbiter_observed_link {
    uint32_t output_node;
    uint32_t input_node;
};

/* Connects to the daemon `remote` (NULL: the default) and follows its registry. NULL and `error` on failure. */
arbiter_observer *arbiter_observer_connect(const char *remote, char *error, int error_len);
void arbiter_observer_disconnect(arbiter_observer *observer);

/* A round trip (repeated while a stream just seen has not published its state yet): afterwards the copy holds
 * everything the daemon published before it. 0, or -1 on timeout or a dead connection. */
int arbiter_observer_sync(arbiter_observer *observer, int timeout_ms);

/* Copies up to `max_nodes` nodes and `max_links` links; returns how many there are in all (call again with room
 * for them when that is more), and the number of changes seen so far in `generation`. */
void arbiter_observer_copy(arbiter_observer *observer, struct arbiter_observed_node *nodes, int max_nodes,
                           int *n_nodes, struct arbiter_observed_link *links, int max_links, int *n_links,
                           uint64_t *generation);

/* Waits until something changes after `generation` (1), `timeout_ms` passes (0) or the daemon goes away (-1). */
int arbiter_observer_wait(arbiter_observer *observer, uint64_t generation, int timeout_ms);

/* 1 while the connection is usable. */
int arbiter_observer_alive(arbiter_observer *observer);

#endif
