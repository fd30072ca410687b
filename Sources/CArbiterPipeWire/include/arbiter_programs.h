/* A connection that follows other programs' audio nodes on a running daemon (their streams, and the device nodes
 * they play to) and acts on them: a software volume set on a stream's converter, and Pause and Start sent to it.
 * Every audio node is bound, so its full info properties, state and Props (channel and soft volumes, mute) are
 * known as the daemon publishes them. Every function takes the connection's thread loop lock. */
#ifndef ARBITER_PROGRAMS_H
#define ARBITER_PROGRAMS_H

#include <stdint.h>

typedef struct arbiter_programs arbiter_programs;

#define ARBITER_PROGRAM_MAX_CHANNELS 64

struct arbiter_program_prop {
    char *key;
    char *value;
};

/* An audio node as last published. `state` is a pw_node_state (-1 error, 0 creating, 1 suspended, 2 idle,
 * 3 running), or -2 before its info came. A volume count of 0: not published. */
struct arbiter_program_node {
    uint32_t id;
    int32_t state;
    int32_t has_mute;
    int32_t mute;
    uint32_t n_channel_volumes;
    float channel_volumes[ARBITER_PROGRAM_MAX_CHANNELS];
    uint32_t n_soft_volumes;
    float soft_volumes[ARBITER_PROGRAM_MAX_CHANNELS];
    int32_t has_soft_mute;
    int32_t soft_mute;
    uint64_t props_updates; /* how many Props objects with volumes it published */
    uint32_t n_props;
    struct arbiter_program_prop *props; /* its info props (its global's before the info came), media.class among them */
};

#define ARBITER_PROGRAM_MAX_ROUTES 32

/* A route of an audio device (a port of a sound card: its speaker, a headphones jack), as it last listed them. */
struct arbiter_program_route {
    uint32_t index;
    int32_t output;    /* 1 an output, 0 an input */
    int32_t available; /* 0 unknown, 1 no, 2 yes */
    int32_t active;    /* the route in use for its direction */
    char name[128];
    char description[128];
    char port_type[32]; /* port.type: headphones, speaker, headset, ... ("" when it has none) */
};

/* An audio device (media.class Audio/Device) and its routes. */
struct arbiter_program_device {
    uint32_t id;
    char name[256];        /* device.name */
    char description[256]; /* device.description */
    char api[64];          /* device.api */
    uint32_t n_routes;
    struct arbiter_program_route routes[ARBITER_PROGRAM_MAX_ROUTES];
};

/* A link between two nodes (one per pair of nodes, however many ports it joins). */
struct arbiter_program_link {
    uint32_t output_node;
    uint32_t input_node;
};

/* A copy made under the lock, owned by the caller: nodes sorted by id, and a line per sign of a session manager's
 * role-based policy. */
struct arbiter_program_snapshot {
    uint64_t generation;
    uint32_t n_nodes;
    struct arbiter_program_node *nodes;
    uint32_t n_role_policy;
    char **role_policy;
    char default_sink[256]; /* the node.name of the default sink (`default.audio.sink` metadata), or "" */
    uint32_t n_devices;
    struct arbiter_program_device *devices; /* in the order the daemon announced them */
    uint32_t n_links;
    struct arbiter_program_link *links; /* sorted by output node, then input node */
};

/* Connects to the daemon `remote` (NULL: the default) and follows its audio nodes, with a first round trip. NULL
 * and `error` on failure. */
arbiter_programs *arbiter_programs_connect(const char *remote, char *error, int error_len);

/* Disconnects: afterwards every call fails or returns at once, and waiters wake. May be called more than once, and
 * while another thread waits; `arbiter_programs_free` releases the rest once nobody uses the connection. */
void arbiter_programs_close(arbiter_programs *programs);
void arbiter_programs_free(arbiter_programs *programs);

/* A round trip (repeated while a node just seen has not published its info yet): afterwards the copy holds
 * everything the daemon published before it. 0; -1 on timeout or a dead connection; 1 when the daemon refused
 * something asked of it since the last sync (`refusal` then says what, the first of them). */
int arbiter_programs_sync(arbiter_programs *programs, int timeout_ms, char *refusal, int refusal_len);

struct arbiter_program_snapshot *arbiter_programs_snapshot(arbiter_programs *programs);
void arbiter_programs_snapshot_free(struct arbiter_program_snapshot *snapshot);

/* Waits until something changes after `generation` (1), `timeout_ms` passes (0) or the daemon goes away (-1). */
int arbiter_programs_wait(arbiter_programs *programs, uint64_t generation, int timeout_ms);

/* 1 while the connection is usable. */
int arbiter_programs_alive(arbiter_programs *programs);

/* A descriptor that becomes readable (POLLIN) whenever something changes, as `arbiter_programs_wait` would see, for
 * a caller that waits on several things at once with poll(); reading it (8 bytes) makes it quiet again. -1 when it
 * could not be made. Closed by `arbiter_programs_free`. */
int arbiter_programs_change_fd(arbiter_programs *programs);

/* Sends the node a Props param with only `softVolumes` (one value: the same for each channel it publishes), and
 * `softMute` unless `soft_mute` is -1 (and so leaves its channel volumes and mute alone). Returns at once: 0 sent,
 * -ENOENT no such audio node, -EPIPE not connected, or another negative errno. The daemon's refusal, if any, is
 * reported by the next sync. */
int arbiter_programs_set_soft_volumes(arbiter_programs *programs, uint32_t node, const float *volumes, uint32_t n,
                                      int soft_mute);

/* Sends the node a Props param with only `channelVolumes` (one value: the same for each channel it publishes): the
 * node's own volume. Returns as set_soft_volumes does. */
int arbiter_programs_set_channel_volumes(arbiter_programs *programs, uint32_t node, const float *volumes, uint32_t n);

/* Sends the node the command Pause (`start` 0) or Start (`start` 1). Returns as set_soft_volumes does. */
int arbiter_programs_send_command(arbiter_programs *programs, uint32_t node, int start);

#endif
