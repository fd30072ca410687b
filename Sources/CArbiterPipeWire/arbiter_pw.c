/* The C layer over libpipewire-0.3. See include/arbiter_pw.h. */
#include "arbiter_pw.h"
#include "arbiter_client.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pipewire/pipewire.h>
#include <spa/param/audio/format-utils.h>
#include <spa/param/props.h>
#include <spa/utils/result.h>

#define MAX_NODES 4096 /* every stream is a node: 2,048 streams, their buses and port nodes */
#define MAX_PORTS 16384
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

struct node_entry {
    uint32_t id;
    int used;
    int is_port; /* carries arbiter.port */
    char name[NAME_LEN];
};

struct port_entry {
    uint32_t id;
    uint32_t node_id;
    int used;
    int output;
    int monitor;
    char channel[32];
};

struct link_entry {
    uint32_t id;
    uint32_t output_node;
    uint32_t input_node;
    int used;
};

#define MAX_LINK_ENTRIES 8192

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
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct spa_hook core_listener;
    struct pw_registry *registry;
    struct spa_hook registry_listener;
    struct arbiter_sync sync;
    int dead;
    char error[512];
    struct node_entry nodes[MAX_NODES];
    struct port_entry ports[MAX_PORTS];
    struct link_entry links[MAX_LINK_ENTRIES];
    struct stream_entry streams[MAX_STREAMS];
    struct pw_proxy *groups[MAX_GROUPS][MAX_GROUP_LINKS];
    int group_links[MAX_GROUPS];
    char events[MAX_EVENTS][NAME_LEN + 8];
    int64_t event_times[MAX_EVENTS];
    int event_head, event_count;
    struct stream_connection stream_connections[MAX_STREAM_CONNECTIONS];
    char remote[NAME_LEN]; /* the remote the first connection was made to; empty for the default */
};


/* ---- core and registry events (on the loop thread, lock held) ---- */

static void on_core_done(void *data, uint32_t id, int seq) {
    struct arbiter_pw *pw = data;
    arbiter_sync_answered(&pw->sync, pw->loop, id, seq);
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    struct arbiter_pw *pw = data;
    /* A link the daemon removed with its node (an unplug) can be destroyed here before its removal arrives: the
     * daemon answers "unknown resource N op:7" (destroy). The object is gone either way; it is not a refusal
     * (arbiter soak met it 4 times in 191 rounds, each failing a step as "the daemon refused a link"). */
    if (id == PW_ID_CORE && res == -ENOENT && message != NULL && strncmp(message, "unknown resource ", 17) == 0) return;
    snprintf(pw->error, sizeof(pw->error), "%s (%s)", message ? message : "error", spa_strerror(res));
    if (id == PW_ID_CORE && res == -EPIPE) pw->dead = 1;
    pw_thread_loop_signal(pw->loop, false);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

static void push_event(struct arbiter_pw *pw, const char *kind, const char *name) {
    if (pw->event_count >= MAX_EVENTS) return;
    int slot = (pw->event_head + pw->event_count) % MAX_EVENTS;
    snprintf(pw->events[slot], sizeof(pw->events[slot]), "%s %s", kind, name);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pw->event_times[slot] = (int64_t)now.tv_sec * SPA_NSEC_PER_SEC + now.tv_nsec;
    pw->event_count++;
    pw_thread_loop_signal(pw->loop, false); /* wakes arbiter_pw_wait_for_port_event */
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    struct arbiter_pw *pw = data;
    if (props == NULL) return;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) == 0) {
        const char *name = spa_dict_lookup(props, PW_KEY_NODE_NAME);
        for (int i = 0; i < MAX_NODES; i++) {
            if (pw->nodes[i].used) continue;
            struct node_entry *n = &pw->nodes[i];
            n->used = 1;
            n->id = id;
            snprintf(n->name, sizeof(n->name), "%s", name ? name : "");
            n->is_port = strncmp(n->name, "arbiter.port.", 13) == 0;
            if (n->is_port) push_event(pw, "add", n->name);
            return;
        }
    } else if (strcmp(type, PW_TYPE_INTERFACE_Link) == 0) {
        const char *output = spa_dict_lookup(props, PW_KEY_LINK_OUTPUT_NODE);
        const char *input = spa_dict_lookup(props, PW_KEY_LINK_INPUT_NODE);
        if (output == NULL || input == NULL) return;
        for (int i = 0; i < MAX_LINK_ENTRIES; i++) {
            if (pw->links[i].used) continue;
            pw->links[i] = (struct link_entry){ id, (uint32_t)atoi(output), (uint32_t)atoi(input), 1 };
            pw_thread_loop_signal(pw->loop, false); /* wakes arbiter_pw_wait_for_links_into */
            return;
        }
    } else if (strcmp(type, PW_TYPE_INTERFACE_Port) == 0) {
        const char *node = spa_dict_lookup(props, PW_KEY_NODE_ID);
        const char *direction = spa_dict_lookup(props, PW_KEY_PORT_DIRECTION);
        const char *channel = spa_dict_lookup(props, PW_KEY_AUDIO_CHANNEL);
        const char *monitor = spa_dict_lookup(props, PW_KEY_PORT_MONITOR);
        if (node == NULL || direction == NULL) return;
        for (int i = 0; i < MAX_PORTS; i++) {
            if (pw->ports[i].used) continue;
            struct port_entry *p = &pw->ports[i];
            p->used = 1;
            p->id = id;
            p->node_id = (uint32_t)atoi(node);
            p->output = strcmp(direction, "out") == 0;
            p->monitor = monitor != NULL && strcmp(monitor, "true") == 0;
            snprintf(p->channel, sizeof(p->channel), "%s", channel ? channel : "");
            return;
        }
    }
}

static void on_global_remove(void *data, uint32_t id) {
    struct arbiter_pw *pw = data;
    for (int i = 0; i < MAX_NODES; i++) {
        struct node_entry *n = &pw->nodes[i];
        if (!n->used || n->id != id) continue;
        if (n->is_port) push_event(pw, "remove", n->name);
        memset(n, 0, sizeof(*n));
        return;
    }
    for (int i = 0; i < MAX_PORTS; i++) {
        if (pw->ports[i].used && pw->ports[i].id == id) {
            memset(&pw->ports[i], 0, sizeof(pw->ports[i]));
            return;
        }
    }
    for (int i = 0; i < MAX_LINK_ENTRIES; i++) {
        if (pw->links[i].used && pw->links[i].id == id) {
            memset(&pw->links[i], 0, sizeof(pw->links[i]));
            return;
        }
    }
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

/* ---- connection ---- */

static void stream_connections_sync(struct arbiter_pw *pw);
static int stream_connections_done(struct arbiter_pw *pw);

static int sync_locked(struct arbiter_pw *pw, int timeout_ms) {
    if (pw->dead) return -1;
    arbiter_sync_send(&pw->sync, pw->core);
    stream_connections_sync(pw);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!(pw->sync.done && stream_connections_done(pw)) && !pw->dead) {
        if (pw_thread_loop_timed_wait_full(pw->loop, &deadline) != 0) return -1;
    }
    return pw->dead ? -1 : 0;
}

arbiter_pw *arbiter_pw_connect(const char *remote, char *error, int error_len) {
    struct arbiter_pw *pw = calloc(1, sizeof(*pw));
    if (pw == NULL) return NULL;
    if (remote != NULL) snprintf(pw->remote, sizeof(pw->remote), "%s", remote);
    if (arbiter_client_open(&pw->loop, &pw->context, &pw->core, "arbiter-pipewire", "arbiter", remote, error,
                            error_len) != 0) {
        arbiter_pw_disconnect(pw);
        return NULL;
    }
    pw_core_add_listener(pw->core, &pw->core_listener, &core_events, pw);
    pw->registry = pw_core_get_registry(pw->core, PW_VERSION_REGISTRY, 0);
    pw_registry_add_listener(pw->registry, &pw->registry_listener, &registry_events, pw);
    int result = sync_locked(pw, 5000);
    pw_thread_loop_unlock(pw->loop);
    if (result != 0) {
        snprintf(error, error_len, "PipeWire did not answer: %s", pw->error[0] ? pw->error : "timeout");
        arbiter_pw_disconnect(pw);
        return NULL;
    }
    return pw;
}

void arbiter_pw_disconnect(arbiter_pw *pw) {
    if (pw == NULL) return;
    if (pw->loop) pw_thread_loop_stop(pw->loop);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (!pw->streams[i].used) continue;
        for (int l = 0; l < pw->streams[i].n_links; l++) pw_proxy_destroy(pw->streams[i].links[l]);
        pw_stream_destroy(pw->streams[i].stream);
    }
    if (pw->registry) pw_proxy_destroy((struct pw_proxy *)pw->registry);
    for (int c = 0; c < MAX_STREAM_CONNECTIONS; c++) {
        if (pw->stream_connections[c].core) pw_core_disconnect(pw->stream_connections[c].core);
    }
    for (int c = 0; c < MAX_STREAM_CONNECTIONS; c++) {
        if (pw->stream_connections[c].context) pw_context_destroy(pw->stream_connections[c].context);
    }
    arbiter_client_close(pw->loop, pw->context, pw->core);
    free(pw);
}

int arbiter_pw_sync(arbiter_pw *pw, int timeout_ms) {
    pw_thread_loop_lock(pw->loop);
    int result = sync_locked(pw, timeout_ms);
    pw_thread_loop_unlock(pw->loop);
    return result;
}

static struct node_entry *find_node(struct arbiter_pw *pw, const char *name);

static int count_links_into_locked(struct arbiter_pw *pw, const char *name) {
    struct node_entry *node = find_node(pw, name);
    int count = 0;
    for (int i = 0; node != NULL && i < MAX_LINK_ENTRIES; i++) {
        if (pw->links[i].used && pw->links[i].input_node == node->id) count++;
    }
    return count;
}

int arbiter_pw_wait(arbiter_pw *pw, int timeout_ms) {
    pw_thread_loop_lock(pw->loop);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!pw->dead) {
        if (pw_thread_loop_timed_wait_full(pw->loop, &deadline) != 0) break;
    }
    int dead = pw->dead;
    pw_thread_loop_unlock(pw->loop);
    return dead ? -1 : 0;
}

int arbiter_pw_wait_for_port_event(arbiter_pw *pw, int timeout_ms) {
    pw_thread_loop_lock(pw->loop);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!pw->dead && pw->event_count == 0) {
        if (pw_thread_loop_timed_wait_full(pw->loop, &deadline) != 0) break;
    }
    int result = pw->dead ? -1 : pw->event_count > 0;
    pw_thread_loop_unlock(pw->loop);
    return result;
}

int arbiter_pw_wait_for_links_into(arbiter_pw *pw, const char *name, int count, int timeout_ms) {
    pw_thread_loop_lock(pw->loop);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!pw->dead && count_links_into_locked(pw, name) < count) {
        if (pw_thread_loop_timed_wait_full(pw->loop, &deadline) != 0) break;
    }
    int result = pw->dead ? -1 : count_links_into_locked(pw, name) >= count;
    pw_thread_loop_unlock(pw->loop);
    return result;
}

/* ---- real-time scheduling ---- */

int arbiter_pw_make_thread_realtime(int priority) {
    struct sched_param param = { .sched_priority = priority };
    return pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) == 0 ? 0 : -1;
}

struct realtime_request {
    int priority;
    int result;
};

static int do_make_realtime(struct spa_loop *loop, bool async, uint32_t seq, const void *data, size_t size,
                            void *user_data) {
    struct realtime_request *request = user_data;
    request->result = arbiter_pw_make_thread_realtime(request->priority);
    return 0;
}

int arbiter_pw_make_loop_realtime(arbiter_pw *pw, int priority) {
    struct realtime_request request = { priority, -1 };
    /* A blocking invoke from outside the loop thread is made with the lock held: the wait gives it up. */
    pw_thread_loop_lock(pw->loop);
    pw_loop_invoke(pw_thread_loop_get_loop(pw->loop), do_make_realtime, 0, NULL, 0, true, &request);
    pw_thread_loop_unlock(pw->loop);
    return request.result;
}

int arbiter_pw_alive(arbiter_pw *pw) {
    pw_thread_loop_lock(pw->loop);
    int alive = !pw->dead;
    pw_thread_loop_unlock(pw->loop);
    return alive;
}

const char *arbiter_pw_last_error(arbiter_pw *pw) { return pw->error; }

void arbiter_pw_clear_error(arbiter_pw *pw) {
    pw_thread_loop_lock(pw->loop);
    if (!pw->dead) pw->error[0] = 0; /* the reason of a death stays */
    pw_thread_loop_unlock(pw->loop);
}

/* ---- nodes ---- */

static struct node_entry *find_node(struct arbiter_pw *pw, const char *name) {
    for (int i = 0; i < MAX_NODES; i++) {
        if (pw->nodes[i].used && strcmp(pw->nodes[i].name, name) == 0) return &pw->nodes[i];
    }
    return NULL;
}

int arbiter_pw_create_device_node(arbiter_pw *pw, const char *name, int is_source, const char *positions,
                                  const char *extra_properties) {
    pw_thread_loop_lock(pw->loop);
    struct pw_properties *props = pw_properties_new(
        "factory.name", "support.null-audio-sink",
        PW_KEY_NODE_NAME, name,
        PW_KEY_MEDIA_CLASS, is_source ? "Audio/Source/Virtual" : "Audio/Sink",
        "audio.position", positions,
        "adapter.auto-port-config", "{ mode = dsp monitor = true position = preserve }",
        NULL);
    if (extra_properties != NULL) pw_properties_update_string(props, extra_properties, strlen(extra_properties));
    struct pw_proxy *proxy = pw_core_create_object(pw->core, "adapter", PW_TYPE_INTERFACE_Node, PW_VERSION_NODE,
                                                   &props->dict, 0);
    pw_properties_free(props);
    pw_thread_loop_unlock(pw->loop);
    (void)proxy; /* the node lives as long as our connection, or until destroyed */
    return proxy == NULL ? -1 : 0;
}

int arbiter_pw_destroy_node(arbiter_pw *pw, const char *name) {
    pw_thread_loop_lock(pw->loop);
    struct node_entry *node = find_node(pw, name);
    int result = -1;
    if (node != NULL) {
        pw_registry_destroy(pw->registry, node->id);
        result = 0;
    }
    pw_thread_loop_unlock(pw->loop);
    return result;
}

int arbiter_pw_node_exists(arbiter_pw *pw, const char *name) {
    pw_thread_loop_lock(pw->loop);
    int exists = find_node(pw, name) != NULL;
    pw_thread_loop_unlock(pw->loop);
    return exists;
}

int arbiter_pw_count_links_into(arbiter_pw *pw, const char *name) {
    pw_thread_loop_lock(pw->loop);
    int count = count_links_into_locked(pw, name);
    pw_thread_loop_unlock(pw->loop);
    return count;
}

int arbiter_pw_next_port_event(arbiter_pw *pw, char *buffer, int len, int64_t *at_ns) {
    pw_thread_loop_lock(pw->loop);
    int found = pw->event_count > 0;
    if (found) {
        snprintf(buffer, len, "%s", pw->events[pw->event_head]);
        *at_ns = pw->event_times[pw->event_head];
        pw->event_head = (pw->event_head + 1) % MAX_EVENTS;
        pw->event_count--;
    }
    pw_thread_loop_unlock(pw->loop);
    return found;
}

/* ---- stream connections ---- */

static void on_stream_connection_done(void *data, uint32_t id, int seq) {
    struct stream_connection *c = data;
    arbiter_sync_answered(&c->sync, c->pw->loop, id, seq);
}

static void on_stream_connection_error(void *data, uint32_t id, int seq, int res, const char *message) {
    struct stream_connection *c = data;
    on_core_error(c->pw, id, seq, res, message);
}

static const struct pw_core_events stream_connection_events = {
    PW_VERSION_CORE_EVENTS,
    .done = on_stream_connection_done,
    .error = on_stream_connection_error,
};

/* The connection the stream in `slot` is made on, connected on first use; NULL with pw->error set if it cannot be. */
static struct pw_core *stream_connection_for(struct arbiter_pw *pw, int slot) {
    struct stream_connection *c = &pw->stream_connections[slot / STREAMS_PER_CONNECTION];
    if (c->core != NULL) return c->core;
    struct pw_context *context = pw->context;
    if (slot >= STREAMS_PER_DATA_LOOP && (slot / STREAMS_PER_CONNECTION) % CONNECTIONS_PER_DATA_LOOP == 0) {
        c->context = pw_context_new(pw_thread_loop_get_loop(pw->loop), arbiter_context_properties(), 0);
        if (c->context == NULL) {
            snprintf(pw->error, sizeof(pw->error), "cannot make another context for streams: %s", strerror(errno));
            return NULL;
        }
    }
    /* The context of this share's first connection. */
    for (int i = slot / STREAMS_PER_CONNECTION; i >= 0 && slot >= STREAMS_PER_DATA_LOOP; i--) {
        if (pw->stream_connections[i].context != NULL) { context = pw->stream_connections[i].context; break; }
    }
    struct pw_properties *props = pw_properties_new(PW_KEY_APP_NAME, "arbiter", NULL);
    if (pw->remote[0]) pw_properties_set(props, PW_KEY_REMOTE_NAME, pw->remote);
    c->core = pw_context_connect(context, props, 0);
    if (c->core == NULL) {
        snprintf(pw->error, sizeof(pw->error), "cannot open another connection for streams: %s", strerror(errno));
        return NULL;
    }
    c->pw = pw;
    pw_core_add_listener(c->core, &c->listener, &stream_connection_events, c);
    /* A round trip before the first stream: streams made on a connection the daemon has not yet answered lost
     * their first memory blocks now and then ("invalid mem id"). */
    arbiter_sync_send(&c->sync, c->core);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->loop, &deadline, 5 * SPA_NSEC_PER_SEC);
    while (!c->sync.done && !pw->dead) {
        if (pw_thread_loop_timed_wait_full(pw->loop, &deadline) != 0) break;
    }
    if (!c->sync.done) {
        snprintf(pw->error, sizeof(pw->error), "another connection for streams got no answer");
        return NULL;
    }
    return c->core;
}

static void stream_connections_sync(struct arbiter_pw *pw) {
    for (int i = 0; i < MAX_STREAM_CONNECTIONS; i++) {
        struct stream_connection *c = &pw->stream_connections[i];
        if (c->core == NULL) continue;
        arbiter_sync_send(&c->sync, c->core);
    }
}

static int stream_connections_done(struct arbiter_pw *pw) {
    for (int i = 0; i < MAX_STREAM_CONNECTIONS; i++) {
        if (pw->stream_connections[i].core != NULL && !pw->stream_connections[i].sync.done) return 0;
    }
    return 1;
}

/* ---- streams ---- */

/* One second of a quiet 440 Hz tone at 48 kHz (a whole number of periods), both channels, computed once: a
 * thousand streams' cycles copy it instead of computing each frame (the loop was most of a cycle's time in a
 * debug build, which the tests use). */
#define TONE_FRAMES 48000
static float tone[TONE_FRAMES * 2];
static pthread_once_t tone_once = PTHREAD_ONCE_INIT;

static void make_tone(void) {
    for (int i = 0; i < TONE_FRAMES; i++) {
        tone[2 * i] = tone[2 * i + 1] = 0.01f * (float)sin(2.0 * M_PI * 440.0 * i / TONE_FRAMES);
    }
}

static void on_process(void *userdata) {
    struct stream_entry *s = userdata;
    struct pw_buffer *b = pw_stream_dequeue_buffer(s->stream);
    if (b == NULL) return;
    s->cycles++;
    struct spa_buffer *buf = b->buffer;
    if (!s->capture && buf->datas[0].data != NULL) {
        float *dst = buf->datas[0].data;
        uint32_t stride = sizeof(float) * 2;
        uint32_t frames = buf->datas[0].maxsize / stride;
        if (b->requested && b->requested < frames) frames = (uint32_t)b->requested;
        for (uint32_t done = 0; done < frames;) {
            uint32_t run = SPA_MIN(frames - done, (uint32_t)(TONE_FRAMES - s->position));
            memcpy(dst + 2 * done, tone + 2 * s->position, run * stride);
            done += run;
            s->position = (s->position + run) % TONE_FRAMES;
        }
        buf->datas[0].chunk->offset = 0;
        buf->datas[0].chunk->stride = (int32_t)stride;
        buf->datas[0].chunk->size = frames * stride;
    }
    pw_stream_queue_buffer(s->stream, b);
}

static void apply_controls(struct stream_entry *s) {
    float volumes[2] = { s->volume, s->volume };
    float mute = s->mute ? 1.0f : 0.0f;
    pw_stream_set_control(s->stream, SPA_PROP_channelVolumes, 2, volumes, SPA_PROP_mute, 1, &mute, 0);
}

/* A control became known (or changed): make sure it holds what we asked for. */
static void on_control_info(void *userdata, uint32_t id, const struct pw_stream_control *control) {
    struct stream_entry *s = userdata;
    if (id == SPA_PROP_channelVolumes && control->n_values > 0 && control->values[0] != s->volume) apply_controls(s);
    if (id == SPA_PROP_mute && control->n_values > 0 && (control->values[0] > 0.5f) != (s->mute != 0)) apply_controls(s);
}

static void on_state_changed(void *userdata, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    struct stream_entry *s = userdata;
    if (state == PW_STREAM_STATE_PAUSED || state == PW_STREAM_STATE_STREAMING) apply_controls(s);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .control_info = on_control_info,
    .process = on_process,
};

int arbiter_pw_stream_create(arbiter_pw *pw, const char *node_name, const char *app, const char *media_name,
                             const char *role, int capture, int active) {
    pthread_once(&tone_once, make_tone);
    pw_thread_loop_lock(pw->loop);
    int slot = -1;
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (!pw->streams[i].used) { slot = i; break; }
    }
    if (slot < 0) {
        snprintf(pw->error, sizeof(pw->error), "too many streams (%d at most)", MAX_STREAMS);
        pw_thread_loop_unlock(pw->loop);
        return -1;
    }
    struct stream_entry *s = &pw->streams[slot];
    memset(s, 0, sizeof(*s));
    s->capture = capture;
    s->volume = 1.0f;
    struct pw_properties *props = pw_properties_new(
        PW_KEY_MEDIA_TYPE, "Audio",
        PW_KEY_MEDIA_CATEGORY, capture ? "Capture" : "Playback",
        PW_KEY_MEDIA_ROLE, role,
        PW_KEY_NODE_NAME, node_name,
        PW_KEY_APP_NAME, app,
        PW_KEY_MEDIA_NAME, media_name,
        PW_KEY_NODE_AUTOCONNECT, "false",
        "adapter.auto-port-config", "{ mode = dsp monitor = false position = preserve }",
        PW_KEY_NODE_MAX_LATENCY, ARBITER_QUANTUM_LIMIT "/48000",
        NULL);
    struct pw_core *core = stream_connection_for(pw, slot);
    if (core == NULL) pw_properties_free(props);
    s->stream = core ? pw_stream_new(core, node_name, props) : NULL;
    if (s->stream == NULL) {
        pw_thread_loop_unlock(pw->loop);
        return -1;
    }
    s->used = 1;
    pw_stream_add_listener(s->stream, &s->listener, &stream_events, s);
    uint8_t buffer[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
    const struct spa_pod *params[1];
    params[0] = spa_format_audio_raw_build(&builder, SPA_PARAM_EnumFormat,
        &SPA_AUDIO_INFO_RAW_INIT(.format = SPA_AUDIO_FORMAT_F32, .channels = 2, .rate = 48000,
                                 .position = { SPA_AUDIO_CHANNEL_FL, SPA_AUDIO_CHANNEL_FR }));
    int result = pw_stream_connect(s->stream, capture ? PW_DIRECTION_INPUT : PW_DIRECTION_OUTPUT, PW_ID_ANY,
                                   (active ? 0 : PW_STREAM_FLAG_INACTIVE) | PW_STREAM_FLAG_MAP_BUFFERS
                                       | PW_STREAM_FLAG_RT_PROCESS,
                                   params, 1);
    pw_thread_loop_unlock(pw->loop);
    return result < 0 ? -1 : slot;
}

static struct stream_entry *stream_at(struct arbiter_pw *pw, int index) {
    if (index < 0 || index >= MAX_STREAMS || !pw->streams[index].used) return NULL;
    return &pw->streams[index];
}

void arbiter_pw_stream_set_volume(arbiter_pw *pw, int index, float volume) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    if (s != NULL) {
        s->volume = volume;
        apply_controls(s);
    }
    pw_thread_loop_unlock(pw->loop);
}

void arbiter_pw_stream_set_mute(arbiter_pw *pw, int index, int mute) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    if (s != NULL) {
        s->mute = mute;
        apply_controls(s);
    }
    pw_thread_loop_unlock(pw->loop);
}

void arbiter_pw_stream_set_active(arbiter_pw *pw, int index, int active) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    if (s != NULL) pw_stream_set_active(s->stream, active);
    pw_thread_loop_unlock(pw->loop);
}

uint64_t arbiter_pw_stream_cycles(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    uint64_t cycles = s ? s->cycles : 0;
    pw_thread_loop_unlock(pw->loop);
    return cycles;
}

static void unlink_locked(struct stream_entry *s) {
    for (int l = 0; l < s->n_links; l++) pw_proxy_destroy(s->links[l]);
    s->n_links = 0;
}

void arbiter_pw_stream_unlink(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    if (s != NULL) unlink_locked(s);
    pw_thread_loop_unlock(pw->loop);
}

/* Whether the registry has shown both of the stream's own ports (outputs of a playback stream, inputs of a
 * capture stream). */
static int stream_ports_known(struct arbiter_pw *pw, struct stream_entry *s) {
    uint32_t stream_node = pw_stream_get_node_id(s->stream);
    int known = 0;
    for (int i = 0; stream_node != SPA_ID_INVALID && i < MAX_PORTS; i++) {
        struct port_entry *port = &pw->ports[i];
        if (port->used && port->node_id == stream_node && port->output == !s->capture) known++;
    }
    return known >= STREAM_CHANNELS;
}

int arbiter_pw_stream_ports_known(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    int known = s != NULL && stream_ports_known(pw, s);
    pw_thread_loop_unlock(pw->loop);
    return known;
}

int arbiter_pw_stream_link(arbiter_pw *pw, int index, const char *target) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    struct node_entry *node = find_node(pw, target);
    if (s == NULL || node == NULL) {
        snprintf(pw->error, sizeof(pw->error), "no node named %s", target);
        pw_thread_loop_unlock(pw->loop);
        return -1;
    }
    uint32_t stream_node = pw_stream_get_node_id(s->stream);
    /* Our side: outputs of a playback stream, inputs of a capture stream; theirs the other way. Both of the
     * stream's channels must be known, or a stream caught between its two port events would get one link. */
    if (!stream_ports_known(pw, s)) {
        snprintf(pw->error, sizeof(pw->error), "the stream's ports are not there yet");
        pw_thread_loop_unlock(pw->loop);
        return -1;
    }
    int made = 0;
    for (int i = 0; i < MAX_PORTS; i++) {
        struct port_entry *ours = &pw->ports[i];
        if (!ours->used || ours->node_id != stream_node || ours->output != !s->capture) continue;
        struct port_entry *match = NULL, *fallback = NULL;
        for (int j = 0; j < MAX_PORTS; j++) {
            struct port_entry *theirs = &pw->ports[j];
            if (!theirs->used || theirs->node_id != node->id || theirs->output != s->capture) continue;
            if (strcmp(theirs->channel, ours->channel) == 0) { match = theirs; break; }
            if (fallback == NULL) fallback = theirs; /* MONO, or whatever the node has */
        }
        if (match == NULL) match = fallback;
        if (match == NULL || s->n_links >= MAX_LINKS) continue;
        struct pw_properties *props = pw_properties_new(NULL, NULL);
        uint32_t out_port = s->capture ? match->id : ours->id;
        uint32_t in_port = s->capture ? ours->id : match->id;
        uint32_t out_node = s->capture ? node->id : stream_node;
        uint32_t in_node = s->capture ? stream_node : node->id;
        pw_properties_setf(props, PW_KEY_LINK_OUTPUT_NODE, "%u", out_node);
        pw_properties_setf(props, PW_KEY_LINK_OUTPUT_PORT, "%u", out_port);
        pw_properties_setf(props, PW_KEY_LINK_INPUT_NODE, "%u", in_node);
        pw_properties_setf(props, PW_KEY_LINK_INPUT_PORT, "%u", in_port);
        struct pw_proxy *link = pw_core_create_object(pw->core, "link-factory", PW_TYPE_INTERFACE_Link,
                                                      PW_VERSION_LINK, &props->dict, 0);
        pw_properties_free(props);
        if (link != NULL) s->links[s->n_links++] = link;
        made++;
    }
    if (made == 0) snprintf(pw->error, sizeof(pw->error), "no ports to link %s to %s", "stream", target);
    pw_thread_loop_unlock(pw->loop);
    return made == 0 ? -1 : 0;
}

/* ---- links between nodes, in groups ---- */

static struct pw_proxy *make_link(struct arbiter_pw *pw, uint32_t out_node, uint32_t out_port, uint32_t in_node,
                                  uint32_t in_port) {
    struct pw_properties *props = pw_properties_new(NULL, NULL);
    pw_properties_setf(props, PW_KEY_LINK_OUTPUT_NODE, "%u", out_node);
    pw_properties_setf(props, PW_KEY_LINK_OUTPUT_PORT, "%u", out_port);
    pw_properties_setf(props, PW_KEY_LINK_INPUT_NODE, "%u", in_node);
    pw_properties_setf(props, PW_KEY_LINK_INPUT_PORT, "%u", in_port);
    struct pw_proxy *link = pw_core_create_object(pw->core, "link-factory", PW_TYPE_INTERFACE_Link, PW_VERSION_LINK,
                                                  &props->dict, 0);
    pw_properties_free(props);
    return link;
}

int arbiter_pw_group_link(arbiter_pw *pw, int group, const char *output, const char *input) {
    if (group < 0 || group >= MAX_GROUPS) return -1;
    pw_thread_loop_lock(pw->loop);
    struct node_entry *from = find_node(pw, output), *to = find_node(pw, input);
    int made = 0;
    if (from != NULL && to != NULL) {
        for (int i = 0; i < MAX_PORTS; i++) {
            struct port_entry *out = &pw->ports[i];
            if (!out->used || out->node_id != from->id || !out->output) continue;
            struct port_entry *match = NULL, *fallback = NULL;
            for (int j = 0; j < MAX_PORTS; j++) {
                struct port_entry *in = &pw->ports[j];
                if (!in->used || in->node_id != to->id || in->output) continue;
                if (strcmp(in->channel, out->channel) == 0) { match = in; break; }
                if (fallback == NULL) fallback = in;
            }
            if (match == NULL) match = fallback;
            if (match == NULL || pw->group_links[group] >= MAX_GROUP_LINKS) continue;
            struct pw_proxy *link = make_link(pw, from->id, out->id, to->id, match->id);
            if (link != NULL) pw->groups[group][pw->group_links[group]++] = link;
            made++;
        }
    }
    if (made == 0) snprintf(pw->error, sizeof(pw->error), "no ports to link %s to %s", output, input);
    pw_thread_loop_unlock(pw->loop);
    return made == 0 ? -1 : 0;
}

void arbiter_pw_group_unlink(arbiter_pw *pw, int group) {
    if (group < 0 || group >= MAX_GROUPS) return;
    pw_thread_loop_lock(pw->loop);
    for (int l = 0; l < pw->group_links[group]; l++) pw_proxy_destroy(pw->groups[group][l]);
    pw->group_links[group] = 0;
    pw_thread_loop_unlock(pw->loop);
}

void arbiter_pw_stream_destroy(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    if (s != NULL) {
        unlink_locked(s);
        /* Stopped, and a round trip, before the destroy: a stream destroyed right after it was started and
         * linked left an eventfd open in this process about one time in six (the activation fds the daemon
         * sends a starting node arrive after the node is gone); found by arbiter soak, see ResourceLeakTests. */
        pw_stream_set_active(s->stream, false);
        sync_locked(pw, 2000);
        pw_stream_destroy(s->stream);
        memset(s, 0, sizeof(*s));
    }
    pw_thread_loop_unlock(pw->loop);
}

/* ---- child processes ---- */

int arbiter_spawn_child(const char *path, char *const argv[], char *const envp[], const char *log) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid < 0 ? -1 : pid;
    /* In the child: only async-signal-safe calls until exec. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1); /* the parent died before prctl */
    setsid();
    int in = open("/dev/null", O_RDONLY);
    int out = open(log ? log : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in >= 0) dup2(in, 0);
    if (out >= 0) { dup2(out, 1); dup2(out, 2); }
    for (int fd = 3; fd < 1024; fd++) close(fd);
    execve(path, argv, envp);
    _exit(127);
}
