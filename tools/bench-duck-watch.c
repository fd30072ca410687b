/* The registry watcher of the duck benchmark (tools/bench-duck.sh builds it; `arbiter-bench duck` runs it): a
 * client of its own that only listens, and prints one tab-separated line per event as it arrives, stamped with
 * CLOCK_MONOTONIC on arrival (nanoseconds), so that reading the lines later costs the measure nothing:
 *
 *   ready   realtime|normal                         the registry as it was at the start has been printed
 *   node    ID  NS  MEDIA_CLASS  MEDIA_ROLE  APPLICATION_NAME  NODE_NAME   a node appeared ("-" for a missing key)
 *   gone    ID  NS                                  a global (node, link, ...) left the registry
 *   state   ID  NS  STATE                           a playback stream's state (creating, suspended, idle, running)
 *   gain    ID  NS  SOFT  MONITOR  CHANNEL          a node's published Props changed: the first channel of
 *                                                   softVolumes, monitorVolumes and channelVolumes (-1: absent)
 *   link    ID  NS  OUTPUT_NODE  INPUT_NODE  STATE  a link's state (init, negotiating, allocating, paused, active)
 *
 * Playback streams (Stream/Output/Audio) and sinks (Audio/Sink) are followed: a policy lowers the first (a
 * program's own stream) or the second (WirePlumber's role endpoints). Runs at SCHED_FIFO 20 where allowed, the
 * priority of Arbiter's own connection thread, whichever policy it watches.
 *
 *   bench-duck-watch REMOTE        (REMOTE: a socket path or name, as PIPEWIRE_REMOTE takes it) */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pipewire/pipewire.h>
#include <spa/param/props.h>
#include <spa/pod/iter.h>

#define MAX_NODES 1024
#define MAX_LINKS 1024

struct watched_link {
    uint32_t id;
    int used;
    struct pw_proxy *proxy;
    struct spa_hook listener;
    int state;
};

static struct watched_link links[MAX_LINKS];

struct watched {
    uint32_t id;
    int used;
    int is_stream;
    struct pw_proxy *proxy;
    struct spa_hook listener;
    float soft, monitor, channel;
    int state;
};

static struct pw_main_loop *loop;
static struct pw_registry *registry;
static struct watched nodes[MAX_NODES];

static long long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static const char *or_dash(const char *value) { return value != NULL && value[0] != '\0' ? value : "-"; }

/* The first value of a float array property, or -1 when it is empty. */
static float first_float(const struct spa_pod *value) {
    float values[64];
    uint32_t count = spa_pod_copy_array(value, SPA_TYPE_Float, values, 64);
    return count > 0 ? values[0] : -1;
}

static void on_param(void *data, int seq, uint32_t id, uint32_t index, uint32_t next, const struct spa_pod *param) {
    long long at = now_ns();
    struct watched *node = data;
    if (id != SPA_PARAM_Props || param == NULL || !spa_pod_is_object(param)) return;
    float soft = -1, monitor = -1, channel = -1;
    int seen = 0;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH((const struct spa_pod_object *)param, prop) {
        if (prop->key == SPA_PROP_softVolumes) { soft = first_float(&prop->value); seen = 1; }
        if (prop->key == SPA_PROP_monitorVolumes) { monitor = first_float(&prop->value); seen = 1; }
        if (prop->key == SPA_PROP_channelVolumes) channel = first_float(&prop->value);
    }
    /* A stream publishes more than one Props object (its own and its converter's): the converter's, which holds
     * the soft and monitor volumes. */
    if (!seen || (soft == node->soft && monitor == node->monitor && channel == node->channel)) return;
    node->soft = soft;
    node->monitor = monitor;
    node->channel = channel;
    printf("gain\t%u\t%lld\t%.6f\t%.6f\t%.6f\n", node->id, at, soft, monitor, channel);
    fflush(stdout);
}

static void on_info(void *data, const struct pw_node_info *info) {
    long long at = now_ns();
    struct watched *node = data;
    if (!node->is_stream || !(info->change_mask & PW_NODE_CHANGE_MASK_STATE) || (int)info->state == node->state) return;
    node->state = (int)info->state;
    printf("state\t%u\t%lld\t%s\n", node->id, at, pw_node_state_as_string(info->state));
    fflush(stdout);
}

static const struct pw_node_events node_events = {
    PW_VERSION_NODE_EVENTS,
    .info = on_info,
    .param = on_param,
};

static void on_link_info(void *data, const struct pw_link_info *info) {
    long long at = now_ns();
    struct watched_link *link = data;
    if (!(info->change_mask & PW_LINK_CHANGE_MASK_STATE) || (int)info->state == link->state) return;
    link->state = (int)info->state;
    printf("link\t%u\t%lld\t%u\t%u\t%s\n", link->id, at, info->output_node_id, info->input_node_id,
           pw_link_state_as_string(info->state));
    fflush(stdout);
}

static const struct pw_link_events link_events = {
    PW_VERSION_LINK_EVENTS,
    .info = on_link_info,
};

static void follow_link(uint32_t id) {
    for (int i = 0; i < MAX_LINKS; i++) {
        struct watched_link *link = &links[i];
        if (link->used) continue;
        *link = (struct watched_link){ .id = id, .used = 1, .state = -10 };
        link->proxy = pw_registry_bind(registry, id, PW_TYPE_INTERFACE_Link, PW_VERSION_LINK, 0);
        if (link->proxy == NULL) { link->used = 0; return; }
        pw_proxy_add_object_listener(link->proxy, &link->listener, &link_events, link);
        return;
    }
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    long long at = now_ns();
    if (strcmp(type, PW_TYPE_INTERFACE_Link) == 0) {
        follow_link(id);
        return;
    }
    if (strcmp(type, PW_TYPE_INTERFACE_Node) != 0 || props == NULL) return;
    const char *media_class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    printf("node\t%u\t%lld\t%s\t%s\t%s\t%s\n", id, at, or_dash(media_class),
           or_dash(spa_dict_lookup(props, PW_KEY_MEDIA_ROLE)), or_dash(spa_dict_lookup(props, PW_KEY_APP_NAME)),
           or_dash(spa_dict_lookup(props, PW_KEY_NODE_NAME)));
    fflush(stdout);
    if (media_class == NULL) return;
    int is_stream = strcmp(media_class, "Stream/Output/Audio") == 0;
    if (!is_stream && strcmp(media_class, "Audio/Sink") != 0) return;
    for (int i = 0; i < MAX_NODES; i++) {
        struct watched *node = &nodes[i];
        if (node->used) continue;
        *node = (struct watched){ .id = id, .used = 1, .is_stream = is_stream, .soft = -2, .monitor = -2,
                                  .channel = -2, .state = -10 };
        node->proxy = pw_registry_bind(registry, id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
        if (node->proxy == NULL) { node->used = 0; return; }
        uint32_t params[] = { SPA_PARAM_Props };
        pw_proxy_add_object_listener(node->proxy, &node->listener, &node_events, node);
        pw_node_subscribe_params((struct pw_node *)node->proxy, params, 1);
        return;
    }
}

static void on_global_remove(void *data, uint32_t id) {
    long long at = now_ns();
    printf("gone\t%u\t%lld\n", id, at);
    fflush(stdout);
    for (int i = 0; i < MAX_NODES; i++) {
        struct watched *node = &nodes[i];
        if (!node->used || node->id != id) continue;
        spa_hook_remove(&node->listener);
        pw_proxy_destroy(node->proxy);
        memset(node, 0, sizeof(*node));
    }
    for (int i = 0; i < MAX_LINKS; i++) {
        struct watched_link *link = &links[i];
        if (!link->used || link->id != id) continue;
        spa_hook_remove(&link->listener);
        pw_proxy_destroy(link->proxy);
        memset(link, 0, sizeof(*link));
    }
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

static int ready_seq;
static int realtime;

static void on_done(void *data, uint32_t id, int seq) {
    if (id != PW_ID_CORE || seq != ready_seq) return;
    printf("ready\t%s\n", realtime ? "realtime" : "normal");
    fflush(stdout);
}

static void on_error(void *data, uint32_t id, int seq, int res, const char *message) {
    if (id == PW_ID_CORE && res == -EPIPE) pw_main_loop_quit(loop);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .done = on_done,
    .error = on_error,
};

int main(int argc, char *argv[]) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s REMOTE\n", argv[0]);
        return 2;
    }
    pw_init(&argc, &argv);
    struct sched_param priority = { .sched_priority = 20 };
    realtime = sched_setscheduler(0, SCHED_FIFO, &priority) == 0;
    loop = pw_main_loop_new(NULL);
    struct pw_context *context = pw_context_new(pw_main_loop_get_loop(loop), NULL, 0);
    struct pw_core *core = pw_context_connect(
        context, pw_properties_new(PW_KEY_REMOTE_NAME, argv[1], PW_KEY_APP_NAME, "arbiter-bench-watch", NULL), 0);
    if (core == NULL) {
        fprintf(stderr, "cannot connect to %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    struct spa_hook core_listener, registry_listener;
    pw_core_add_listener(core, &core_listener, &core_events, NULL);
    registry = pw_core_get_registry(core, PW_VERSION_REGISTRY, 0);
    pw_registry_add_listener(registry, &registry_listener, &registry_events, NULL);
    ready_seq = pw_core_sync(core, PW_ID_CORE, 0);
    pw_main_loop_run(loop);
    return 0;
}
