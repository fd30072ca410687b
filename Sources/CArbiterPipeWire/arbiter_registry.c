/* The stage's registry: the nodes, ports and links the daemon announces, the port nodes' comings and
 * goings as events, and port nodes made and destroyed. See include/arbiter_pw.h. */
#include "arbiter_pw_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void push_event(struct arbiter_pw *pw, arbiter_port_node_change change, const char *name) {
    if (pw->event_count >= MAX_EVENTS) return;
    arbiter_port_node_event *event = &pw->events[(pw->event_head + pw->event_count) % MAX_EVENTS];
    event->change = change;
    snprintf(event->name, sizeof(event->name), "%s", name);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    event->at_ns = (int64_t)now.tv_sec * SPA_NSEC_PER_SEC + now.tv_nsec;
    pw->event_count++;
    pw_thread_loop_signal(pw->client.loop, false); /* wakes arbiter_pw_wait_for_port_event */
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
            if (n->is_port) push_event(pw, ARBITER_PORT_NODE_ADDED, n->name);
            return;
        }
    } else if (strcmp(type, PW_TYPE_INTERFACE_Link) == 0) {
        const char *output = spa_dict_lookup(props, PW_KEY_LINK_OUTPUT_NODE);
        const char *input = spa_dict_lookup(props, PW_KEY_LINK_INPUT_NODE);
        if (output == NULL || input == NULL) return;
        for (int i = 0; i < MAX_LINK_ENTRIES; i++) {
            if (pw->links[i].used) continue;
            pw->links[i] = (struct link_entry){ id, (uint32_t)atoi(output), (uint32_t)atoi(input), 1 };
            pw_thread_loop_signal(pw->client.loop, false); /* wakes arbiter_pw_wait_for_links_into */
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
        if (n->is_port) push_event(pw, ARBITER_PORT_NODE_REMOVED, n->name);
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

const struct pw_registry_events arbiter_pw_registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

/* ---- nodes ---- */

struct node_entry *arbiter_pw_find_node(struct arbiter_pw *pw, const char *name) {
    for (int i = 0; i < MAX_NODES; i++) {
        if (pw->nodes[i].used && strcmp(pw->nodes[i].name, name) == 0) return &pw->nodes[i];
    }
    return NULL;
}

int arbiter_pw_create_device_node(arbiter_pw *pw, const char *name, int is_source, const char *positions,
                                  const char *extra_properties) {
    pw_thread_loop_lock(pw->client.loop);
    struct pw_properties *props = pw_properties_new(
        "factory.name", "support.null-audio-sink",
        PW_KEY_NODE_NAME, name,
        PW_KEY_MEDIA_CLASS, is_source ? "Audio/Source/Virtual" : "Audio/Sink",
        "audio.position", positions,
        "adapter.auto-port-config", "{ mode = dsp monitor = true position = preserve }",
        NULL);
    if (extra_properties != NULL) pw_properties_update_string(props, extra_properties, strlen(extra_properties));
    struct pw_proxy *proxy = pw_core_create_object(pw->client.core, "adapter", PW_TYPE_INTERFACE_Node, PW_VERSION_NODE,
                                                   &props->dict, 0);
    pw_properties_free(props);
    pw_thread_loop_unlock(pw->client.loop);
    (void)proxy; /* the node lives as long as our connection, or until destroyed */
    return proxy == NULL ? -1 : 0;
}

int arbiter_pw_destroy_node(arbiter_pw *pw, const char *name) {
    pw_thread_loop_lock(pw->client.loop);
    struct node_entry *node = arbiter_pw_find_node(pw, name);
    int result = -1;
    if (node != NULL) {
        pw_registry_destroy(pw->client.registry, node->id);
        result = 0;
    }
    pw_thread_loop_unlock(pw->client.loop);
    return result;
}

int arbiter_pw_node_exists(arbiter_pw *pw, const char *name) {
    pw_thread_loop_lock(pw->client.loop);
    int exists = arbiter_pw_find_node(pw, name) != NULL;
    pw_thread_loop_unlock(pw->client.loop);
    return exists;
}

int arbiter_pw_count_links_into(arbiter_pw *pw, const char *name) {
    pw_thread_loop_lock(pw->client.loop);
    int count = arbiter_pw_count_links_into_locked(pw, name);
    pw_thread_loop_unlock(pw->client.loop);
    return count;
}

int arbiter_pw_next_port_event(arbiter_pw *pw, arbiter_port_node_event *event) {
    pw_thread_loop_lock(pw->client.loop);
    int found = pw->event_count > 0;
    if (found) {
        *event = pw->events[pw->event_head];
        pw->event_head = (pw->event_head + 1) % MAX_EVENTS;
        pw->event_count--;
    }
    pw_thread_loop_unlock(pw->client.loop);
    return found;
}

int arbiter_pw_count_links_into_locked(struct arbiter_pw *pw, const char *name) {
    struct node_entry *node = arbiter_pw_find_node(pw, name);
    int count = 0;
    for (int i = 0; node != NULL && i < MAX_LINK_ENTRIES; i++) {
        if (pw->links[i].used && pw->links[i].input_node == node->id) count++;
    }
    return count;
}

int arbiter_pw_wait_for_port_event(arbiter_pw *pw, int timeout_ms) {
    pw_thread_loop_lock(pw->client.loop);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->client.loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!pw->client.dead && pw->event_count == 0) {
        if (pw_thread_loop_timed_wait_full(pw->client.loop, &deadline) != 0) break;
    }
    int result = pw->client.dead ? -1 : pw->event_count > 0;
    pw_thread_loop_unlock(pw->client.loop);
    return result;
}

int arbiter_pw_wait_for_links_into(arbiter_pw *pw, const char *name, int count, int timeout_ms) {
    pw_thread_loop_lock(pw->client.loop);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->client.loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!pw->client.dead && arbiter_pw_count_links_into_locked(pw, name) < count) {
        if (pw_thread_loop_timed_wait_full(pw->client.loop, &deadline) != 0) break;
    }
    int result = pw->client.dead ? -1 : arbiter_pw_count_links_into_locked(pw, name) >= count;
    pw_thread_loop_unlock(pw->client.loop);
    return result;
}

