/* What the files of the stage's connection share (arbiter_connection.c, arbiter_registry.c, arbiter_streams.c,
 * arbiter_links.c): the connection's tables (the graph it follows is an arbiter_graph.h follower's) and the functions
 * one file calls in another, named `arbiter_pw_*` with the target's other symbols. Not part of the module's
 * interface (include/ is). */
#ifndef ARBITER_PW_INTERNAL_H
#define ARBITER_PW_INTERNAL_H

#include "arbiter_pw.h"
#include "arbiter_graph.h"

#include <pipewire/pipewire.h>

#define MAX_STREAMS 2048 /* StreamLimits.maxStreams: 1,024 playback streams, each with a recorder */
/* Streams are spread over connections of this many: libpipewire 0.3.65 keeps the file descriptors a connection
 * receives in a fixed array of 1024 (module-protocol-native's MAX_FDS) until its input buffer is empty, with no
 * bound check, and every stream receives several (memfds, eventfds) as it starts, so a few hundred streams on
 * one connection overflow it: memory ids go wrong ("invalid mem id") and streams never run. The array empties only
 * when the connection's thread reads everything, so a starved thread lets more pile up: with 32 a connection,
 * 1,024 streams started beside a build lost the connection one run in four ("set_activation: No such device",
 * a memfd mapped from the wrong descriptor); with 16, none in twenty. */
#define STREAMS_PER_CONNECTION 16
#define MAX_STREAM_CONNECTIONS (MAX_STREAMS / STREAMS_PER_CONNECTION)
/* Every stream's cycle runs on its context's one data-loop thread; past this many streams, each further share
 * gets a context (and a data-loop thread) of its own. */
#define STREAMS_PER_DATA_LOOP 256
#define CONNECTIONS_PER_DATA_LOOP (STREAMS_PER_DATA_LOOP / STREAMS_PER_CONNECTION)
#define MAX_LINKS 16
#define MAX_EVENTS 256
#define MAX_GROUPS 16
#define MAX_GROUP_LINKS 64
#define NAME_LEN 256
#define STREAM_CHANNELS 2 /* every stream is stereo F32 */

struct stream_entry {
    int used;
    int capture;
    struct pw_stream *stream;
    struct spa_hook listener;
    struct pw_proxy *links[MAX_LINKS];
    int n_links;
    uint32_t position; /* in the tone table */
    uint64_t cycles;
    float volume; /* the controls asked for, re-applied once the stream knows its controls */
    int mute;
};

/* A connection of its own for a share of the streams (see STREAMS_PER_CONNECTION). */
struct stream_connection {
    struct arbiter_pw *pw;
    struct pw_context *context; /* its own, with its own data-loop thread, for a connection past the first share */
    struct pw_core *core;
    struct spa_hook listener;
    struct arbiter_sync sync;
};

struct arbiter_pw {
    struct arbiter_graph graph; /* its client and the nodes, ports and links it follows (arbiter_graph.h) */
    char error[512];
    struct stream_entry streams[MAX_STREAMS];
    struct pw_proxy *groups[MAX_GROUPS][MAX_GROUP_LINKS];
    int group_links[MAX_GROUPS];
    arbiter_port_node_event events[MAX_EVENTS];
    int event_head, event_count;
    struct stream_connection stream_connections[MAX_STREAM_CONNECTIONS];
    char remote[NAME_LEN]; /* the remote the first connection was made to; empty for the default */
};

/* arbiter_connection.c */
int arbiter_pw_sync_locked(struct arbiter_pw *pw, int timeout_ms);

/* arbiter_registry.c */
extern const struct arbiter_graph_hooks arbiter_pw_graph_hooks;
/* An error the daemon reported on one of the stage's cores: kept for arbiter_pw_last_error, unless it is not one. */
void arbiter_pw_note_error(void *data, uint32_t id, int res, const char *message);
int arbiter_pw_count_links_into_locked(struct arbiter_pw *pw, const char *name);

/* arbiter_streams.c */
void arbiter_pw_stream_connections_sync(struct arbiter_pw *pw);
int arbiter_pw_stream_connections_done(struct arbiter_pw *pw);
struct stream_entry *arbiter_pw_stream_at(struct arbiter_pw *pw, int index);
int arbiter_pw_entry_ports_known(struct arbiter_pw *pw, struct stream_entry *s);

/* arbiter_links.c */
void arbiter_pw_unlink_locked(struct stream_entry *s);

#endif
