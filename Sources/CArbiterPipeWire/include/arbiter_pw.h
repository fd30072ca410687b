/* A small C layer over libpipewire-0.3 for what Swift cannot import: method macros, variadic controls,
 * SPA pods and the real-time process() callback. Every function takes the connection's thread-loop lock
 * itself; no PipeWire type appears here. Each section names the file that carries it out. */
#ifndef ARBITER_PW_H
#define ARBITER_PW_H

#include <stdint.h>

#include "arbiter_observer.h" /* the read-only observer connection */
#include "arbiter_spawn.h"    /* helper processes */

typedef struct arbiter_pw arbiter_pw;

/* ---- the connection (arbiter_connection.c) ---- */

/* Connects to the daemon named `remote` (NULL: the default) and waits for the registry to settle.
 * Returns NULL and fills `error` on failure. */
arbiter_pw *arbiter_pw_connect(const char *remote, char *error, int error_len);
void arbiter_pw_disconnect(arbiter_pw *pw);

/* A round trip to the daemon: 0 when done, -1 on timeout or a dead connection. */
int arbiter_pw_sync(arbiter_pw *pw, int timeout_ms);
/* Waits `timeout_ms`: 0 after it, or -1 as soon as the daemon goes away (the wait ends then). */
int arbiter_pw_wait(arbiter_pw *pw, int timeout_ms);
/* SCHED_FIFO at `priority` for the connection's loop thread (which receives registry events), or for the calling
 * thread: 0, or -1 where the system does not allow it (no CAP_SYS_NICE and no RLIMIT_RTPRIO). */
int arbiter_pw_make_loop_realtime(arbiter_pw *pw, int priority);
int arbiter_pw_make_thread_realtime(int priority);
/* 1 while the connection is usable; 0 once the daemon went away or reported a fatal error. */
int arbiter_pw_alive(arbiter_pw *pw);
/* The last error the daemon reported for one of our objects (a failed link, a bad node), or "" . Once the
 * connection is dead, the reason (clear_error keeps it). */
const char *arbiter_pw_last_error(arbiter_pw *pw);
void arbiter_pw_clear_error(arbiter_pw *pw);

/* ---- the registry and port nodes (arbiter_registry.c) ---- */

/* Creates a null sink (is_source = 0) or source named `name` with the given channel positions
 * ("[ FL FR ]" or "[ MONO ]") and extra properties as "key=value" lines. Returns 0 or -1. */
int arbiter_pw_create_device_node(arbiter_pw *pw, const char *name, int is_source, const char *positions,
                                  const char *extra_properties);
/* Destroys the node with this node.name (ours or not). Returns 0, or -1 when there is none. */
int arbiter_pw_destroy_node(arbiter_pw *pw, const char *name);
/* 1 if a node with this node.name is in the registry. */
int arbiter_pw_node_exists(arbiter_pw *pw, const char *name);

/* What happened to a port node (node.name "arbiter.port.*"). */
typedef enum { ARBITER_PORT_NODE_ADDED = 1, ARBITER_PORT_NODE_REMOVED = 2 } arbiter_port_node_change;
/* A registry event about a port node: what happened, to which node, and when it arrived. */
typedef struct {
    arbiter_port_node_change change;
    char name[256];  /* the node's node.name */
    int64_t at_ns;   /* the CLOCK_MONOTONIC time it arrived, in nanoseconds */
} arbiter_port_node_event;
/* Takes the next registry event about port nodes into `event` and returns 1; or returns 0 when there is none. */
int arbiter_pw_next_port_event(arbiter_pw *pw, arbiter_port_node_event *event);
/* Waits until a port node event is queued (1), `timeout_ms` passes (0), or the daemon goes away (-1). */
int arbiter_pw_wait_for_port_event(arbiter_pw *pw, int timeout_ms);
/* How many links in the registry go into the node with this name (from any client). */
int arbiter_pw_count_links_into(arbiter_pw *pw, const char *name);
/* Waits until at least `count` links go into the node with this name (1), `timeout_ms` passes (0), or the daemon
 * goes away (-1); woken by each link the registry announces, without round trips. */
int arbiter_pw_wait_for_links_into(arbiter_pw *pw, const char *name, int count, int timeout_ms);

/* ---- our own streams (arbiter_streams.c; their links in arbiter_links.c) ---- */

/* Streams: a playback stream producing a quiet tone, or a capture stream; `active` 0 connects it inactive (it
 * starts at arbiter_pw_stream_set_active); `extra_properties` (NULL, or `key="value" ...`) are added to its node's.
 * Returns a handle >= 0 or -1. */
int arbiter_pw_stream_create(arbiter_pw *pw, const char *node_name, const char *app, const char *media_name,
                             const char *role, int capture, int active, const char *extra_properties);
void arbiter_pw_stream_set_volume(arbiter_pw *pw, int stream, float volume);
void arbiter_pw_stream_set_mute(arbiter_pw *pw, int stream, int mute);
void arbiter_pw_stream_set_active(arbiter_pw *pw, int stream, int active);
/* Links the stream to the node named `target` channel by channel. 0, or -1 (see arbiter_pw_last_error). */
int arbiter_pw_stream_link(arbiter_pw *pw, int stream, const char *target);
/* 1 once the registry has shown the stream's own ports (it can be linked), else 0. */
int arbiter_pw_stream_ports_known(arbiter_pw *pw, int stream);
/* Destroys every link this stream has. */
void arbiter_pw_stream_unlink(arbiter_pw *pw, int stream);
/* Number of `process()` calls the stream has had: proof that it really runs. */
uint64_t arbiter_pw_stream_cycles(arbiter_pw *pw, int stream);
void arbiter_pw_stream_destroy(arbiter_pw *pw, int stream);

/* ---- links between nodes, in groups (arbiter_links.c) ---- */

/* Links node `output` to node `input` channel by channel (output ports, monitors included, to input ports),
 * keeping the links in `group` (0 to 15). 0, or -1 (see arbiter_pw_last_error). */
int arbiter_pw_group_link(arbiter_pw *pw, int group, const char *output, const char *input);
/* Destroys every link of `group`. */
void arbiter_pw_group_unlink(arbiter_pw *pw, int group);

#endif
