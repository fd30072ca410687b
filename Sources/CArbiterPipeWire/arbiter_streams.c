/* Our own streams: the connections they are spread over, the tone they play, their controls (volume, mute,
 * active). See include/arbiter_pw.h. */
#include "arbiter_pw_internal.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <spa/param/audio/format-utils.h>
#include <spa/param/props.h>

/* ---- stream connections ---- */

static void on_stream_connection_done(void *data, uint32_t id, int seq) {
    struct stream_connection *c = data;
    arbiter_sync_answered(&c->sync, c->pw->graph.client.loop, id, seq);
}

static void on_stream_connection_error(void *data, uint32_t id, int seq, int res, const char *message) {
    struct stream_connection *c = data;
    arbiter_pw_note_error(c->pw, id, res, message);
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
    struct pw_context *context = pw->graph.client.context;
    if (slot >= STREAMS_PER_DATA_LOOP && (slot / STREAMS_PER_CONNECTION) % CONNECTIONS_PER_DATA_LOOP == 0) {
        c->context = pw_context_new(pw_thread_loop_get_loop(pw->graph.client.loop), arbiter_context_properties(), 0);
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
    arbiter_client_deadline(&pw->graph.client, &deadline, 5000);
    if (arbiter_sync_wait(&c->sync, pw->graph.client.loop, &pw->graph.client.dead, &deadline) != 0) {
        snprintf(pw->error, sizeof(pw->error), "another connection for streams got no answer");
        return NULL;
    }
    return c->core;
}

void arbiter_pw_stream_connections_sync(struct arbiter_pw *pw) {
    for (int i = 0; i < MAX_STREAM_CONNECTIONS; i++) {
        struct stream_connection *c = &pw->stream_connections[i];
        if (c->core == NULL) continue;
        arbiter_sync_send(&c->sync, c->core);
    }
}

int arbiter_pw_stream_connections_done(struct arbiter_pw *pw) {
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
                             const char *role, int capture, int active, const char *extra_properties) {
    pthread_once(&tone_once, make_tone);
    pw_thread_loop_lock(pw->graph.client.loop);
    int slot = -1;
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (!pw->streams[i].used) { slot = i; break; }
    }
    if (slot < 0) {
        snprintf(pw->error, sizeof(pw->error), "too many streams (%d at most)", MAX_STREAMS);
        pw_thread_loop_unlock(pw->graph.client.loop);
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
    if (extra_properties != NULL) pw_properties_update_string(props, extra_properties, strlen(extra_properties));
    struct pw_core *core = stream_connection_for(pw, slot);
    if (core == NULL) pw_properties_free(props);
    s->stream = core ? pw_stream_new(core, node_name, props) : NULL;
    if (s->stream == NULL) {
        pw_thread_loop_unlock(pw->graph.client.loop);
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
    pw_thread_loop_unlock(pw->graph.client.loop);
    return result < 0 ? -1 : slot;
}

struct stream_entry *arbiter_pw_stream_at(struct arbiter_pw *pw, int index) {
    if (index < 0 || index >= MAX_STREAMS || !pw->streams[index].used) return NULL;
    return &pw->streams[index];
}

void arbiter_pw_stream_set_volume(arbiter_pw *pw, int index, float volume) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    if (s != NULL) {
        s->volume = volume;
        apply_controls(s);
    }
    pw_thread_loop_unlock(pw->graph.client.loop);
}

void arbiter_pw_stream_set_mute(arbiter_pw *pw, int index, int mute) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    if (s != NULL) {
        s->mute = mute;
        apply_controls(s);
    }
    pw_thread_loop_unlock(pw->graph.client.loop);
}

void arbiter_pw_stream_set_active(arbiter_pw *pw, int index, int active) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    if (s != NULL) pw_stream_set_active(s->stream, active);
    pw_thread_loop_unlock(pw->graph.client.loop);
}

uint64_t arbiter_pw_stream_cycles(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    uint64_t cycles = s ? s->cycles : 0;
    pw_thread_loop_unlock(pw->graph.client.loop);
    return cycles;
}


/* Whether the registry has shown both of the stream's own ports (outputs of a playback stream, inputs of a
 * capture stream). */
int arbiter_pw_entry_ports_known(struct arbiter_pw *pw, struct stream_entry *s) {
    uint32_t stream_node = pw_stream_get_node_id(s->stream);
    int known = 0;
    struct arbiter_graph_port *port;
    spa_list_for_each(port, &pw->graph.ports, link) {
        if (stream_node != SPA_ID_INVALID && port->node_id == stream_node && port->output == !s->capture) known++;
    }
    return known >= STREAM_CHANNELS;
}

int arbiter_pw_stream_ports_known(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    int known = s != NULL && arbiter_pw_entry_ports_known(pw, s);
    pw_thread_loop_unlock(pw->graph.client.loop);
    return known;
}

void arbiter_pw_stream_destroy(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    if (s != NULL) {
        arbiter_pw_unlink_locked(s);
        /* Stopped, and a round trip, before the destroy: a stream destroyed right after it was started and
         * linked left an eventfd open in this process about one time in six (the activation fds the daemon
         * sends a starting node arrive after the node is gone); found by arbiter soak, see ResourceLeakTests. */
        pw_stream_set_active(s->stream, false);
        arbiter_pw_sync_locked(pw, 2000);
        pw_stream_destroy(s->stream);
        memset(s, 0, sizeof(*s));
    }
    pw_thread_loop_unlock(pw->graph.client.loop);
}

