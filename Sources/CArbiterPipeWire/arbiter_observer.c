/* The read-only observer connection. See include/arbiter_observer.h. */
#include "arbiter_observer.h"
#include "arbiter_client.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pipewire/pipewire.h>
#include <spa/param/audio/raw.h>
#include <spa/param/props.h>
#include <spa/pod/iter.h>

#define OBSERVED_NODES 4096
#define OBSERVED_LINKS 16384
#define STATE_UNKNOWN (-2)

struct node_slot {
    struct arbiter_observed_node node;
    int used;
    struct arbiter_observer *owner;
    struct pw_proxy *proxy; /* bound for streams only */
    struct spa_hook listener;
};

struct link_slot {
    uint32_t id;
    int used;
    struct arbiter_observed_link link;
};

struct arbiter_observer {
    struct arbiter_client client; /* its thread loop, context, core and registry (arbiter_client.h) */
    uint64_t generation;
    struct node_slot nodes[OBSERVED_NODES];
    struct link_slot links[OBSERVED_LINKS];
};

static void changed(struct arbiter_observer *observer) {
    observer->generation++;
    pw_thread_loop_signal(observer->client.loop, false);
}

/* ---- a stream's info and Props (on the loop thread, lock held) ---- */

static void on_node_info(void *data, const struct pw_node_info *info) {
    struct node_slot *slot = data;
    if (!(info->change_mask & PW_NODE_CHANGE_MASK_STATE) && slot->node.state != STATE_UNKNOWN) return;
    slot->node.state = (int32_t)info->state;
    changed(slot->owner);
}

static void on_node_param(void *data, int seq, uint32_t id, uint32_t index, uint32_t next,
                          const struct spa_pod *param) {
    struct node_slot *slot = data;
    if (id != SPA_PARAM_Props || param == NULL || !spa_pod_is_object(param)) return;
    float volumes[SPA_AUDIO_MAX_CHANNELS];
    uint32_t n_volumes = 0;
    int has_volumes = 0, has_mute = 0;
    bool mute = false;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH((const struct spa_pod_object *)param, prop) {
        if (prop->key == SPA_PROP_channelVolumes) {
            has_volumes = 1;
            n_volumes = spa_pod_copy_array(&prop->value, SPA_TYPE_Float, volumes, SPA_AUDIO_MAX_CHANNELS);
        } else if (prop->key == SPA_PROP_mute && spa_pod_get_bool(&prop->value, &mute) == 0) {
            has_mute = 1;
        }
    }
    /* As pw-dump is read: the Props object that carries channel volumes (none yet before the stream's format
     * is known), and its mute. */
    if (!has_volumes) return;
    slot->node.has_volume = n_volumes > 0;
    slot->node.volume = n_volumes > 0 ? volumes[0] : 0;
    slot->node.has_mute = has_mute;
    slot->node.mute = has_mute && mute;
    changed(slot->owner);
}

static const struct pw_node_events node_events = {
    PW_VERSION_NODE_EVENTS,
    .info = on_node_info,
    .param = on_node_param,
};

/* ---- the registry ---- */

static void forget_node(struct node_slot *slot) {
    if (slot->proxy != NULL) {
        spa_hook_remove(&slot->listener);
        pw_proxy_destroy(slot->proxy);
    }
    memset(slot, 0, sizeof(*slot));
}

static void follow_node(struct arbiter_observer *observer, uint32_t id, const struct spa_dict *props) {
    const char *name = spa_dict_lookup(props, PW_KEY_NODE_NAME);
    const char *media_class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    for (int i = 0; i < OBSERVED_NODES; i++) {
        struct node_slot *slot = &observer->nodes[i];
        if (slot->used) continue;
        slot->used = 1;
        slot->owner = observer;
        slot->node.id = id;
        slot->node.state = STATE_UNKNOWN;
        snprintf(slot->node.name, sizeof(slot->node.name), "%s", name ? name : "");
        if (media_class != NULL && strncmp(media_class, "Stream/", 7) == 0) {
            slot->proxy = pw_registry_bind(observer->client.registry, id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
            if (slot->proxy != NULL) {
                uint32_t params[] = { SPA_PARAM_Props };
                pw_proxy_add_object_listener(slot->proxy, &slot->listener, &node_events, slot);
                pw_node_subscribe_params((struct pw_node *)slot->proxy, params, 1);
            }
        }
        changed(observer);
        return;
    }
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    struct arbiter_observer *observer = data;
    if (props == NULL) return;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) == 0) {
        follow_node(observer, id, props);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Link) == 0) {
        const char *output = spa_dict_lookup(props, PW_KEY_LINK_OUTPUT_NODE);
        const char *input = spa_dict_lookup(props, PW_KEY_LINK_INPUT_NODE);
        if (output == NULL || input == NULL) return;
        for (int i = 0; i < OBSERVED_LINKS; i++) {
            if (observer->links[i].used) continue;
            observer->links[i] = (struct link_slot){ id, 1, { (uint32_t)atoi(output), (uint32_t)atoi(input) } };
            changed(observer);
            return;
        }
    }
}

static void on_global_remove(void *data, uint32_t id) {
    struct arbiter_observer *observer = data;
    for (int i = 0; i < OBSERVED_NODES; i++) {
        if (observer->nodes[i].used && observer->nodes[i].node.id == id) {
            forget_node(&observer->nodes[i]);
            changed(observer);
            return;
        }
    }
    for (int i = 0; i < OBSERVED_LINKS; i++) {
        if (observer->links[i].used && observer->links[i].id == id) {
            observer->links[i].used = 0;
            changed(observer);
            return;
        }
    }
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

/* ---- the core ---- */

static void on_core_done(void *data, uint32_t id, int seq) {
    struct arbiter_observer *observer = data;
    arbiter_sync_answered(&observer->client.sync, observer->client.loop, id, seq);
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    struct arbiter_observer *observer = data;
    if (id == PW_ID_CORE && res == -EPIPE) {
        observer->client.dead = 1;
        pw_thread_loop_signal(observer->client.loop, false);
    }
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

static int has_unknown_stream(struct arbiter_observer *observer) {
    for (int i = 0; i < OBSERVED_NODES; i++) {
        struct node_slot *slot = &observer->nodes[i];
        if (slot->used && slot->proxy != NULL && slot->node.state == STATE_UNKNOWN) return 1;
    }
    return 0;
}

static int sync_locked(struct arbiter_observer *observer, int timeout_ms) {
    struct timespec deadline;
    arbiter_client_deadline(&observer->client, &deadline, timeout_ms);
    /* A stream seen during a round trip was bound after it: its info comes with the next one. */
    for (int round = 0; round < 8; round++) {
        if (arbiter_client_round_trip(&observer->client, &deadline) != 0) return -1;
        if (!has_unknown_stream(observer)) return 0;
    }
    return 0;
}

arbiter_observer *arbiter_observer_connect(const char *remote, char *error, int error_len) {
    struct arbiter_observer *observer = calloc(1, sizeof(*observer));
    if (observer == NULL) {
        snprintf(error, error_len, "out of memory");
        return NULL;
    }
    if (arbiter_client_connect(&observer->client, "arbiter-observer", "arbiter-observer", remote, &core_events,
                               &registry_events, observer, error, error_len) != 0) {
        arbiter_observer_disconnect(observer);
        return NULL;
    }
    int result = sync_locked(observer, 5000);
    pw_thread_loop_unlock(observer->client.loop);
    if (result != 0) {
        snprintf(error, error_len, "PipeWire did not answer the observer within 5 s");
        arbiter_observer_disconnect(observer);
        return NULL;
    }
    return observer;
}

void arbiter_observer_disconnect(arbiter_observer *observer) {
    if (observer == NULL) return;
    if (observer->client.loop) pw_thread_loop_stop(observer->client.loop);
    for (int i = 0; i < OBSERVED_NODES; i++) {
        if (observer->nodes[i].used) forget_node(&observer->nodes[i]);
    }
    arbiter_client_close(&observer->client);
    free(observer);
}

int arbiter_observer_sync(arbiter_observer *observer, int timeout_ms) {
    pw_thread_loop_lock(observer->client.loop);
    int result = sync_locked(observer, timeout_ms);
    pw_thread_loop_unlock(observer->client.loop);
    return result;
}

void arbiter_observer_copy(arbiter_observer *observer, struct arbiter_observed_node *nodes, int max_nodes,
                           int *n_nodes, struct arbiter_observed_link *links, int max_links, int *n_links,
                           uint64_t *generation) {
    pw_thread_loop_lock(observer->client.loop);
    int node_count = 0, link_count = 0;
    for (int i = 0; i < OBSERVED_NODES; i++) {
        if (!observer->nodes[i].used) continue;
        if (node_count < max_nodes) nodes[node_count] = observer->nodes[i].node;
        node_count++;
    }
    for (int i = 0; i < OBSERVED_LINKS; i++) {
        if (!observer->links[i].used) continue;
        if (link_count < max_links) links[link_count] = observer->links[i].link;
        link_count++;
    }
    *n_nodes = node_count;
    *n_links = link_count;
    *generation = observer->generation;
    pw_thread_loop_unlock(observer->client.loop);
}

int arbiter_observer_wait(arbiter_observer *observer, uint64_t generation, int timeout_ms) {
    pw_thread_loop_lock(observer->client.loop);
    struct timespec deadline;
    pw_thread_loop_get_time(observer->client.loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!observer->client.dead && observer->generation == generation) {
        if (pw_thread_loop_timed_wait_full(observer->client.loop, &deadline) != 0) break;
    }
    int result = observer->client.dead ? -1 : observer->generation != generation;
    pw_thread_loop_unlock(observer->client.loop);
    return result;
}

int arbiter_observer_alive(arbiter_observer *observer) {
    pw_thread_loop_lock(observer->client.loop);
    int alive = !observer->client.dead;
    pw_thread_loop_unlock(observer->client.loop);
    return alive;
}
