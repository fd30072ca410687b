/* The one follower of a daemon's graph: a client (arbiter_client.h) whose registry fills tables of the nodes,
 * ports, links, clients and endpoints the daemon announces, and which binds the nodes (and clients) its user asks
 * for, so that their info and Props follow as the daemon publishes them. The stage's connection (arbiter_pw), the
 * observer and the live mode's programs connection are each one, with their own words on top.
 *
 * Split by concern: arbiter_graph.c connects, makes round trips, waits and closes; arbiter_graph_registry.c keeps
 * the tables as globals come and go; arbiter_graph_bound.c follows what bound objects publish. Not part of the
 * module's interface (include/ is). */
#ifndef ARBITER_GRAPH_H
#define ARBITER_GRAPH_H

#include "arbiter_client.h"

#include <pipewire/pipewire.h>
#include <spa/utils/list.h>

#define ARBITER_GRAPH_STATE_UNKNOWN (-2)
#define ARBITER_GRAPH_MAX_CHANNELS 64
#define ARBITER_GRAPH_NAME_LEN 256

/* Which nodes a follower binds, to follow their info (state, properties) and their Props (volumes, mute). */
enum arbiter_graph_binding {
    ARBITER_GRAPH_BIND_NONE,    /* names, ports and links are enough (the stage) */
    ARBITER_GRAPH_BIND_STREAMS, /* nodes whose media.class starts with Stream/ (the observer) */
    ARBITER_GRAPH_BIND_AUDIO,   /* nodes whose media.class has Audio in it (the live mode) */
};

/* What a follower follows beyond nodes, ports, links and endpoints. */
enum arbiter_graph_follow {
    ARBITER_GRAPH_FOLLOW_CLIENTS = 1,  /* clients, bound for their info properties */
    ARBITER_GRAPH_FOLLOW_DEFAULTS = 2, /* the `default` metadata: the default sink */
    ARBITER_GRAPH_FOLLOW_DEVICES = 4,  /* audio devices, bound for their routes (EnumRoute, Route) */
    ARBITER_GRAPH_CHANGE_FD = 8,       /* an eventfd made readable at every change, for a caller that polls */
};

#define ARBITER_GRAPH_MAX_ROUTES 32

/* A route of a device (a port of a sound card: its speaker, its headphones jack), as EnumRoute lists it. */
struct arbiter_graph_route {
    uint32_t index;
    int output;       /* 1 output, 0 input */
    int available;    /* 0 unknown, 1 no, 2 yes (SPA_PARAM_AVAILABILITY_*) */
    int active;       /* Route names it: the route in use for its direction */
    char name[128];
    char description[128];
    char port_type[32]; /* its info's port.type (headphones, speaker, headset, ...), or "" */
};

/* An audio device (media.class Audio/Device), bound for its routes when the follower follows devices. */
struct arbiter_graph_device {
    struct spa_list link;
    struct arbiter_graph *graph;
    uint32_t id;
    struct pw_properties *props;
    struct pw_proxy *proxy;
    struct spa_hook listener;
    uint32_t enum_flags, route_flags; /* the params' flags last seen: a flip means ask for them again */
    int asked;                        /* its routes were asked for once */
    uint32_t n_routes;
    struct arbiter_graph_route routes[ARBITER_GRAPH_MAX_ROUTES];
    uint32_t n_active;
    uint32_t active[ARBITER_GRAPH_MAX_ROUTES]; /* the indexes Route names */
};

/* A node as the daemon announced it, and, when bound, as it last published its info and Props. */
struct arbiter_graph_node {
    struct spa_list link;
    struct arbiter_graph *graph;
    uint32_t id;
    char name[ARBITER_GRAPH_NAME_LEN]; /* node.name, or "" */
    int followed;                      /* the binding asked for it: bound, with its properties kept */
    struct pw_properties *props;       /* followed only: its global's properties, then its info's */
    int has_info;
    int32_t state; /* a pw_node_state, or ARBITER_GRAPH_STATE_UNKNOWN before its info (or when not followed) */
    int has_mute, mute;
    uint32_t n_channel_volumes;
    float channel_volumes[ARBITER_GRAPH_MAX_CHANNELS];
    uint32_t n_soft_volumes;
    float soft_volumes[ARBITER_GRAPH_MAX_CHANNELS];
    int has_soft_mute, soft_mute;
    uint64_t props_updates; /* how many Props objects with volumes it published */
    struct pw_proxy *proxy;
    struct spa_hook node_listener;
    struct spa_hook proxy_listener;
};

struct arbiter_graph_port {
    struct spa_list link;
    uint32_t id;
    uint32_t node_id;
    int output;
    int monitor;
    char channel[32];
};

struct arbiter_graph_link {
    struct spa_list link;
    uint32_t id;
    uint32_t output_node;
    uint32_t input_node;
};

/* A client, bound for its info properties when the follower binds clients: a node's `application.process.*` are
 * its client's. */
struct arbiter_graph_client {
    struct spa_list link;
    struct arbiter_graph *graph;
    uint32_t id;
    int has_info;
    struct pw_properties *props;
    struct pw_proxy *proxy;
    struct spa_hook listener;
};

/* An endpoint global (PipeWire:Interface:Endpoint, WirePlumber 0.4's role endpoints), by its properties. */
struct arbiter_graph_endpoint {
    struct spa_list link;
    uint32_t id;
    struct pw_properties *props;
};

/* What a follower's user is told of as it happens, on the loop thread with the lock held. Either may be NULL. */
struct arbiter_graph_hooks {
    /* A node came (`added` 1) or is about to be forgotten (0). */
    void (*node)(void *data, const struct arbiter_graph_node *node, int added);
    /* The daemon reported an error; `dead` is already set when it went away. */
    void (*error)(void *data, uint32_t id, int res, const char *message);
};

/* The daemon's `default` metadata, bound when the follower follows defaults: the default sink's node.name. */
struct arbiter_graph_defaults {
    uint32_t id; /* SPA_ID_INVALID while there is none */
    struct pw_proxy *proxy;
    struct spa_hook listener;
    char audio_sink[ARBITER_GRAPH_NAME_LEN]; /* default.audio.sink's name, or "" */
};

struct arbiter_graph {
    struct arbiter_client client; /* its thread loop, context, core and registry */
    enum arbiter_graph_binding binding;
    int bind_clients;
    const struct arbiter_graph_hooks *hooks;
    void *data;
    uint64_t generation; /* one more for every change seen */
    int change_fd;       /* with ARBITER_GRAPH_CHANGE_FD, an eventfd readable after every change; else -1 */
    int closed;
    char refusal[256]; /* the first refusal of something asked of a bound node since it was cleared, or "" */
    struct spa_list nodes, ports, links, clients, endpoints;
    int follow_defaults; /* bind the `default` metadata (the live mode) */
    int follow_devices;  /* bind audio devices for their routes (the live mode) */
    struct spa_list devices;
    struct arbiter_graph_defaults defaults;
};

/* ---- arbiter_graph.c ---- */

/* Sets the follower up (its tables empty) and connects it as `name` (also its thread's) to `remote` (NULL: the
 * default), binding the nodes `binding` says and following what `follow` says (arbiter_graph_follow flags), with a
 * first round trip of `timeout_ms`. 0; or -1 with `error` filled and whatever was made left for
 * `arbiter_graph_close`. Returns with the loop started and unlocked. */
int arbiter_graph_connect(struct arbiter_graph *graph, const char *name, const char *remote,
                          enum arbiter_graph_binding binding, int follow, const struct arbiter_graph_hooks *hooks,
                          void *data, int timeout_ms, char *error, int error_len);

/* A change seen: the generation counted, the waiters woken and the change descriptor made readable. */
void arbiter_graph_changed(struct arbiter_graph *graph);

/* Round trips with the lock held, until `deadline`, repeated while an object bound during one has not published
 * its info yet (at most 8): afterwards the tables hold everything the daemon published before. 0, or -1 on
 * timeout, a dead connection or a closed follower. */
int arbiter_graph_sync_locked(struct arbiter_graph *graph, struct timespec *deadline);

/* Takes the lock and waits until the generation passes `generation` (1), `timeout_ms` passes (0) or the daemon
 * goes away (-1). */
int arbiter_graph_wait(struct arbiter_graph *graph, uint64_t generation, int timeout_ms);

/* Takes the lock: 1 while the connection is usable. */
int arbiter_graph_alive(struct arbiter_graph *graph);

/* With the lock held: forgets every object, destroys the registry and disconnects the core, and wakes the waiters
 * (the loop and context stay for them). Afterwards nothing is followed and round trips fail. Idempotent. */
void arbiter_graph_disconnect_locked(struct arbiter_graph *graph);

/* Stops the loop (a caller that destroys objects of its own on it stops it first) and releases everything. */
void arbiter_graph_close(struct arbiter_graph *graph);

/* ---- arbiter_graph_registry.c ---- */

/* The registry's events, given the follower as their data. */
extern const struct pw_registry_events arbiter_graph_registry_events;

/* Lookups, with the lock held: NULL when there is none. */
struct arbiter_graph_node *arbiter_graph_node_by_id(struct arbiter_graph *graph, uint32_t id);
struct arbiter_graph_node *arbiter_graph_node_named(struct arbiter_graph *graph, const char *name);
struct arbiter_graph_client *arbiter_graph_client_by_id(struct arbiter_graph *graph, uint32_t id);

/* How many links go into node `node_id`, with the lock held. */
int arbiter_graph_links_into(struct arbiter_graph *graph, uint32_t node_id);

/* Forgets every object, with the loop stopped or its lock held. */
void arbiter_graph_forget_all(struct arbiter_graph *graph);

/* ---- arbiter_graph_bound.c ---- */

/* Binds a node or client the follower follows; releases one (its proxy destroyed, taken off its table, freed). */
void arbiter_graph_bind_node(struct arbiter_graph *graph, struct arbiter_graph_node *node);
void arbiter_graph_release_node(struct arbiter_graph_node *node);
void arbiter_graph_bind_client(struct arbiter_graph *graph, struct arbiter_graph_client *client);
void arbiter_graph_release_client(struct arbiter_graph_client *client);

/* Whether a bound object has not published its info yet. */
int arbiter_graph_awaits_info(struct arbiter_graph *graph);

/* Binds an audio device for its routes; releases one (its proxy destroyed, taken off its table, freed). */
void arbiter_graph_bind_device(struct arbiter_graph *graph, struct arbiter_graph_device *device);
void arbiter_graph_release_device(struct arbiter_graph_device *device);

/* Binds the `default` metadata global `id` and follows its default sink; forgets it. */
void arbiter_graph_follow_defaults(struct arbiter_graph *graph, uint32_t id);
void arbiter_graph_forget_defaults(struct arbiter_graph *graph);

#endif
