/* Other programs' audio nodes, followed and acted on. See include/arbiter_programs.h. */
#include "arbiter_programs.h"
#include "arbiter_client.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pipewire/pipewire.h>
#include <spa/param/props.h>
#include <spa/pod/builder.h>
#include <spa/pod/iter.h>
#include <spa/utils/result.h>

#define STATE_UNKNOWN (-2)

/* An audio node: its copy as published, and the proxy it is bound through. */
struct program_node {
    struct spa_list link;
    struct arbiter_programs *owner;
    uint32_t id;
    int32_t state;
    int has_info;
    int has_mute;
    int mute;
    uint32_t n_channel_volumes;
    float channel_volumes[ARBITER_PROGRAM_MAX_CHANNELS];
    uint32_t n_soft_volumes;
    float soft_volumes[ARBITER_PROGRAM_MAX_CHANNELS];
    int has_soft_mute;
    int soft_mute;
    uint64_t props_updates;
    struct pw_properties *props;
    struct pw_proxy *proxy;
    struct spa_hook node_listener;
    struct spa_hook proxy_listener;
};

/* A client, bound for its info properties: a node's `application.process.*` are its client's. */
struct program_client {
    struct spa_list link;
    struct arbiter_programs *owner;
    uint32_t id;
    int has_info;
    struct pw_properties *props;
    struct pw_proxy *proxy;
    struct spa_hook listener;
};

/* A global that shows a session manager's role policy by its type alone (WirePlumber 0.4's endpoints). */
struct role_global {
    struct spa_list link;
    uint32_t id;
    char *line;
};

struct arbiter_programs {
    struct arbiter_client client; /* its thread loop, context, core and registry (arbiter_client.h) */
    uint64_t generation;
    int closed;
    struct spa_list nodes;
    struct spa_list clients;
    struct spa_list role_globals;
    char refusal[256]; /* the first refusal since the last sync, or "" */
};

static void changed(struct arbiter_programs *programs) {
    programs->generation++;
    pw_thread_loop_signal(programs->client.loop, false);
}

static void refused(struct arbiter_programs *programs, uint32_t node, int res, const char *message) {
    if (programs->refusal[0] != '\0') return;
    snprintf(programs->refusal, sizeof(programs->refusal), "node %u: %s (%s)", node, message ? message : "",
             spa_strerror(res));
}

/* ---- a node's info, Props and errors (on the loop thread, lock held) ---- */

static void on_node_info(void *data, const struct pw_node_info *info) {
    struct program_node *node = data;
    int first = !node->has_info;
    node->has_info = 1;
    if (first || (info->change_mask & PW_NODE_CHANGE_MASK_STATE)) node->state = (int32_t)info->state;
    if ((first || (info->change_mask & PW_NODE_CHANGE_MASK_PROPS)) && info->props != NULL) {
        pw_properties_clear(node->props);
        pw_properties_update(node->props, info->props);
    }
    changed(node->owner);
}

static void on_node_param(void *data, int seq, uint32_t id, uint32_t index, uint32_t next,
                          const struct spa_pod *param) {
    struct program_node *node = data;
    if (id != SPA_PARAM_Props || param == NULL || !spa_pod_is_object(param)) return;
    int has_channel = 0, has_soft = 0, has_mute = 0, has_soft_mute = 0;
    float channel[ARBITER_PROGRAM_MAX_CHANNELS], soft[ARBITER_PROGRAM_MAX_CHANNELS];
    uint32_t n_channel = 0, n_soft = 0;
    bool mute = false, soft_mute = false;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH((const struct spa_pod_object *)param, prop) {
        if (prop->key == SPA_PROP_channelVolumes) {
            has_channel = 1;
            n_channel = spa_pod_copy_array(&prop->value, SPA_TYPE_Float, channel, ARBITER_PROGRAM_MAX_CHANNELS);
        } else if (prop->key == SPA_PROP_softVolumes) {
            has_soft = 1;
            n_soft = spa_pod_copy_array(&prop->value, SPA_TYPE_Float, soft, ARBITER_PROGRAM_MAX_CHANNELS);
        } else if (prop->key == SPA_PROP_mute && spa_pod_get_bool(&prop->value, &mute) == 0) {
            has_mute = 1;
        } else if (prop->key == SPA_PROP_softMute && spa_pod_get_bool(&prop->value, &soft_mute) == 0) {
            has_soft_mute = 1;
        }
    }
    /* As pw-dump is read: the Props object that carries the volumes (a node may publish others, its follower's). */
    if (!has_channel && !has_soft) return;
    node->props_updates++;
    if (has_channel) {
        node->n_channel_volumes = n_channel;
        memcpy(node->channel_volumes, channel, sizeof(float) * n_channel);
        node->has_mute = has_mute;
        node->mute = has_mute && mute;
    }
    if (has_soft) {
        node->n_soft_volumes = n_soft;
        memcpy(node->soft_volumes, soft, sizeof(float) * n_soft);
        node->has_soft_mute = has_soft_mute;
        node->soft_mute = has_soft_mute && soft_mute;
    }
    changed(node->owner);
}

static const struct pw_node_events node_events = {
    PW_VERSION_NODE_EVENTS,
    .info = on_node_info,
    .param = on_node_param,
};

static void on_proxy_error(void *data, int seq, int res, const char *message) {
    struct program_node *node = data;
    refused(node->owner, node->id, res, message);
    pw_thread_loop_signal(node->owner->client.loop, false);
}

static const struct pw_proxy_events proxy_events = {
    PW_VERSION_PROXY_EVENTS,
    .error = on_proxy_error,
};

static void on_client_info(void *data, const struct pw_client_info *info) {
    struct program_client *client = data;
    client->has_info = 1;
    if (info->props != NULL) {
        pw_properties_clear(client->props);
        pw_properties_update(client->props, info->props);
    }
    changed(client->owner);
}

static const struct pw_client_events client_events = {
    PW_VERSION_CLIENT_EVENTS,
    .info = on_client_info,
};

/* ---- the registry ---- */

static void forget_client(struct program_client *client) {
    if (client->proxy != NULL) {
        spa_hook_remove(&client->listener);
        pw_proxy_destroy(client->proxy);
    }
    pw_properties_free(client->props);
    spa_list_remove(&client->link);
    free(client);
}

static void follow_client(struct arbiter_programs *programs, uint32_t id, const struct spa_dict *props) {
    struct program_client *client = calloc(1, sizeof(*client));
    if (client == NULL) return;
    client->owner = programs;
    client->id = id;
    client->props = pw_properties_new_dict(props);
    client->proxy = pw_registry_bind(programs->client.registry, id, PW_TYPE_INTERFACE_Client, PW_VERSION_CLIENT, 0);
    if (client->proxy != NULL) pw_proxy_add_object_listener(client->proxy, &client->listener, &client_events, client);
    spa_list_append(&programs->clients, &client->link);
}

static void forget_node(struct program_node *node) {
    if (node->proxy != NULL) {
        spa_hook_remove(&node->node_listener);
        spa_hook_remove(&node->proxy_listener);
        pw_proxy_destroy(node->proxy);
    }
    pw_properties_free(node->props);
    spa_list_remove(&node->link);
    free(node);
}

static struct program_node *find_node(struct arbiter_programs *programs, uint32_t id) {
    struct program_node *node;
    spa_list_for_each(node, &programs->nodes, link) {
        if (node->id == id) return node;
    }
    return NULL;
}

static void follow_node(struct arbiter_programs *programs, uint32_t id, const struct spa_dict *props) {
    const char *media_class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    if (media_class == NULL || strstr(media_class, "Audio") == NULL) return;
    struct program_node *node = calloc(1, sizeof(*node));
    if (node == NULL) return;
    node->owner = programs;
    node->id = id;
    node->state = STATE_UNKNOWN;
    node->props = pw_properties_new_dict(props);
    node->proxy = pw_registry_bind(programs->client.registry, id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
    if (node->proxy != NULL) {
        uint32_t params[] = { SPA_PARAM_Props };
        pw_proxy_add_object_listener(node->proxy, &node->node_listener, &node_events, node);
        pw_proxy_add_listener(node->proxy, &node->proxy_listener, &proxy_events, node);
        pw_node_subscribe_params((struct pw_node *)node->proxy, params, 1);
    }
    spa_list_append(&programs->nodes, &node->link);
    changed(programs);
}

static void note_role_global(struct arbiter_programs *programs, uint32_t id, const char *type,
                             const struct spa_dict *props) {
    struct role_global *global = calloc(1, sizeof(*global));
    if (global == NULL) return;
    const char *name = spa_dict_lookup(props, "endpoint.name");
    const char *role = spa_dict_lookup(props, PW_KEY_MEDIA_ROLE);
    const char *media_class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    char line[512];
    snprintf(line, sizeof(line), "global %u is a %s (endpoint.name %s, media.class %s%s%s): WirePlumber 0.4's "
             "role endpoints", id, type, name ? name : "?", media_class ? media_class : "?",
             role ? ", media.role " : "", role ? role : "");
    global->id = id;
    global->line = strdup(line);
    spa_list_append(&programs->role_globals, &global->link);
    changed(programs);
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    struct arbiter_programs *programs = data;
    if (props == NULL) return;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) == 0) {
        follow_node(programs, id, props);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Client) == 0) {
        follow_client(programs, id, props);
    } else if (strcmp(type, "PipeWire:Interface:Endpoint") == 0) {
        note_role_global(programs, id, type, props);
    }
}

static void on_global_remove(void *data, uint32_t id) {
    struct arbiter_programs *programs = data;
    struct program_node *node = find_node(programs, id);
    if (node != NULL) {
        forget_node(node);
        changed(programs);
        return;
    }
    struct program_client *client;
    spa_list_for_each(client, &programs->clients, link) {
        if (client->id != id) continue;
        forget_client(client);
        return;
    }
    struct role_global *global;
    spa_list_for_each(global, &programs->role_globals, link) {
        if (global->id != id) continue;
        spa_list_remove(&global->link);
        free(global->line);
        free(global);
        changed(programs);
        return;
    }
}

static const struct pw_registry_events registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

/* ---- the core ---- */

static void on_core_done(void *data, uint32_t id, int seq) {
    struct arbiter_programs *programs = data;
    arbiter_sync_answered(&programs->client.sync, programs->client.loop, id, seq);
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    struct arbiter_programs *programs = data;
    if (id == PW_ID_CORE && res == -EPIPE) {
        programs->client.dead = 1;
        changed(programs);
    }
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

/* ---- connecting, syncing, closing ---- */

static int has_object_without_info(struct arbiter_programs *programs) {
    struct program_node *node;
    spa_list_for_each(node, &programs->nodes, link) {
        if (node->proxy != NULL && !node->has_info) return 1;
    }
    struct program_client *client;
    spa_list_for_each(client, &programs->clients, link) {
        if (client->proxy != NULL && !client->has_info) return 1;
    }
    return 0;
}

static int sync_locked(struct arbiter_programs *programs, int timeout_ms) {
    if (programs->closed) return -1;
    struct timespec deadline;
    arbiter_client_deadline(&programs->client, &deadline, timeout_ms);
    /* A node or client seen during a round trip was bound after it: its info comes with the next one. */
    for (int round = 0; round < 8; round++) {
        if (arbiter_client_round_trip(&programs->client, &deadline) != 0) return -1;
        if (!has_object_without_info(programs)) return 0;
    }
    return 0;
}

arbiter_programs *arbiter_programs_connect(const char *remote, char *error, int error_len) {
    struct arbiter_programs *programs = calloc(1, sizeof(*programs));
    if (programs == NULL) {
        snprintf(error, error_len, "out of memory");
        return NULL;
    }
    spa_list_init(&programs->nodes);
    spa_list_init(&programs->clients);
    spa_list_init(&programs->role_globals);
    if (arbiter_client_connect(&programs->client, "arbiter-programs", "arbiter-programs", remote, &core_events,
                               &registry_events, programs, error, error_len) != 0) {
        arbiter_programs_free(programs);
        return NULL;
    }
    int result = sync_locked(programs, 5000);
    pw_thread_loop_unlock(programs->client.loop);
    if (result != 0) {
        snprintf(error, error_len, "PipeWire did not answer within 5 s");
        arbiter_programs_free(programs);
        return NULL;
    }
    return programs;
}

/* Drops every proxy, the registry and the core, with the lock held; the loop and context stay for waiters. */
static void close_locked(struct arbiter_programs *programs) {
    if (programs->closed) return;
    programs->closed = 1;
    struct program_node *node, *next_node;
    spa_list_for_each_safe(node, next_node, &programs->nodes, link) forget_node(node);
    struct program_client *client, *next_client;
    spa_list_for_each_safe(client, next_client, &programs->clients, link) forget_client(client);
    struct role_global *global, *next_global;
    spa_list_for_each_safe(global, next_global, &programs->role_globals, link) {
        spa_list_remove(&global->link);
        free(global->line);
        free(global);
    }
    if (programs->client.registry != NULL) {
        spa_hook_remove(&programs->client.registry_listener);
        pw_proxy_destroy((struct pw_proxy *)programs->client.registry);
        programs->client.registry = NULL;
    }
    if (programs->client.core != NULL) {
        spa_hook_remove(&programs->client.core_listener);
        pw_core_disconnect(programs->client.core);
        programs->client.core = NULL;
    }
    programs->client.dead = 1;
    changed(programs);
}

void arbiter_programs_close(arbiter_programs *programs) {
    if (programs == NULL || programs->client.loop == NULL) return;
    pw_thread_loop_lock(programs->client.loop);
    close_locked(programs);
    pw_thread_loop_unlock(programs->client.loop);
}

void arbiter_programs_free(arbiter_programs *programs) {
    if (programs == NULL) return;
    if (programs->client.loop != NULL && programs->client.core != NULL) arbiter_programs_close(programs);
    if (programs->client.loop) pw_thread_loop_stop(programs->client.loop);
    arbiter_client_close(&programs->client);
    free(programs);
}

int arbiter_programs_sync(arbiter_programs *programs, int timeout_ms, char *refusal, int refusal_len) {
    pw_thread_loop_lock(programs->client.loop);
    int result = sync_locked(programs, timeout_ms);
    if (result == 0 && programs->refusal[0] != '\0') {
        snprintf(refusal, refusal_len, "%s", programs->refusal);
        programs->refusal[0] = '\0';
        result = 1;
    }
    pw_thread_loop_unlock(programs->client.loop);
    return result;
}

/* ---- snapshots ---- */

static int by_id(const void *a, const void *b) {
    uint32_t x = ((const struct arbiter_program_node *)a)->id, y = ((const struct arbiter_program_node *)b)->id;
    return x < y ? -1 : x > y;
}

/* Whether a client's property `key` belongs with its nodes' (who runs it: application.*, pipewire.sec.*,
 * pipewire.access). */
static int is_program_key(const char *key) {
    return strncmp(key, "application.", 12) == 0 || strncmp(key, "pipewire.sec.", 13) == 0
        || strcmp(key, "pipewire.access") == 0;
}

static struct program_client *node_client(struct arbiter_programs *programs, const struct program_node *node) {
    const char *id = pw_properties_get(node->props, PW_KEY_CLIENT_ID);
    if (id == NULL) return NULL;
    struct program_client *client;
    spa_list_for_each(client, &programs->clients, link) {
        if (client->id == (uint32_t)atoi(id)) return client;
    }
    return NULL;
}

/* A line for a node that shows a role policy by its properties, or NULL: WirePlumber 0.4's endpoint nodes
 * (wireplumber.is-endpoint, whose monitorVolumes it ducks) and 0.5's role loopbacks (device.intended-roles,
 * policy.role-based.*). */
static char *role_node_line(const struct program_node *node) {
    const char *name = pw_properties_get(node->props, PW_KEY_NODE_NAME);
    char line[512];
    if (pw_properties_get_bool(node->props, "wireplumber.is-endpoint", false)) {
        snprintf(line, sizeof(line), "node %u (%s) has wireplumber.is-endpoint: WirePlumber 0.4's role endpoints",
                 node->id, name ? name : "?");
        return strdup(line);
    }
    const char *roles = pw_properties_get(node->props, "device.intended-roles");
    const char *policy = NULL;
    const struct spa_dict_item *item;
    spa_dict_for_each(item, &node->props->dict) {
        if (strncmp(item->key, "policy.role-based.", 18) == 0) { policy = item->key; break; }
    }
    if (roles == NULL && policy == NULL) return NULL;
    if (roles != NULL) {
        snprintf(line, sizeof(line), "node %u (%s) has device.intended-roles %s%s%s: WirePlumber 0.5's role "
                 "loopbacks", node->id, name ? name : "?", roles, policy ? " and " : "", policy ? policy : "");
    } else {
        snprintf(line, sizeof(line), "node %u (%s) has %s: WirePlumber 0.5's role loopbacks", node->id,
                 name ? name : "?", policy);
    }
    return strdup(line);
}

struct arbiter_program_snapshot *arbiter_programs_snapshot(arbiter_programs *programs) {
    struct arbiter_program_snapshot *snapshot = calloc(1, sizeof(*snapshot));
    if (snapshot == NULL) return NULL;
    pw_thread_loop_lock(programs->client.loop);
    uint32_t count = 0, globals = 0;
    struct program_node *node;
    struct role_global *global;
    spa_list_for_each(node, &programs->nodes, link) count++;
    spa_list_for_each(global, &programs->role_globals, link) globals++;
    snapshot->generation = programs->generation;
    snapshot->nodes = calloc(count ? count : 1, sizeof(*snapshot->nodes));
    snapshot->role_policy = calloc(count + globals + 1, sizeof(char *));
    if (snapshot->nodes == NULL || snapshot->role_policy == NULL) {
        pw_thread_loop_unlock(programs->client.loop);
        arbiter_programs_snapshot_free(snapshot);
        return NULL;
    }
    spa_list_for_each(global, &programs->role_globals, link) {
        snapshot->role_policy[snapshot->n_role_policy++] = strdup(global->line);
    }
    spa_list_for_each(node, &programs->nodes, link) {
        struct arbiter_program_node *copy = &snapshot->nodes[snapshot->n_nodes++];
        copy->id = node->id;
        copy->state = node->state;
        copy->has_mute = node->has_mute;
        copy->mute = node->mute;
        copy->n_channel_volumes = node->n_channel_volumes;
        memcpy(copy->channel_volumes, node->channel_volumes, sizeof(copy->channel_volumes));
        copy->n_soft_volumes = node->n_soft_volumes;
        memcpy(copy->soft_volumes, node->soft_volumes, sizeof(copy->soft_volumes));
        copy->has_soft_mute = node->has_soft_mute;
        copy->soft_mute = node->soft_mute;
        copy->props_updates = node->props_updates;
        /* Its own properties, then its client's program keys it has none of. */
        struct program_client *client = node_client(programs, node);
        uint32_t room = node->props->dict.n_items + (client ? client->props->dict.n_items : 0) + 1;
        copy->props = calloc(room, sizeof(*copy->props));
        const struct spa_dict_item *item;
        if (copy->props != NULL) {
            spa_dict_for_each(item, &node->props->dict) {
                copy->props[copy->n_props].key = strdup(item->key);
                copy->props[copy->n_props].value = strdup(item->value ? item->value : "");
                copy->n_props++;
            }
            if (client != NULL) {
                spa_dict_for_each(item, &client->props->dict) {
                    if (!is_program_key(item->key) || pw_properties_get(node->props, item->key) != NULL) continue;
                    copy->props[copy->n_props].key = strdup(item->key);
                    copy->props[copy->n_props].value = strdup(item->value ? item->value : "");
                    copy->n_props++;
                }
            }
        }
        char *line = role_node_line(node);
        if (line != NULL) snapshot->role_policy[snapshot->n_role_policy++] = line;
    }
    pw_thread_loop_unlock(programs->client.loop);
    qsort(snapshot->nodes, snapshot->n_nodes, sizeof(*snapshot->nodes), by_id);
    return snapshot;
}

void arbiter_programs_snapshot_free(struct arbiter_program_snapshot *snapshot) {
    if (snapshot == NULL) return;
    for (uint32_t i = 0; i < snapshot->n_nodes && snapshot->nodes != NULL; i++) {
        for (uint32_t j = 0; j < snapshot->nodes[i].n_props; j++) {
            free(snapshot->nodes[i].props[j].key);
            free(snapshot->nodes[i].props[j].value);
        }
        free(snapshot->nodes[i].props);
    }
    for (uint32_t i = 0; i < snapshot->n_role_policy && snapshot->role_policy != NULL; i++) {
        free(snapshot->role_policy[i]);
    }
    free(snapshot->nodes);
    free(snapshot->role_policy);
    free(snapshot);
}

int arbiter_programs_wait(arbiter_programs *programs, uint64_t generation, int timeout_ms) {
    pw_thread_loop_lock(programs->client.loop);
    struct timespec deadline;
    pw_thread_loop_get_time(programs->client.loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!programs->client.dead && programs->generation <= generation) {
        if (pw_thread_loop_timed_wait_full(programs->client.loop, &deadline) != 0) break;
    }
    int result = programs->client.dead ? -1 : programs->generation > generation;
    pw_thread_loop_unlock(programs->client.loop);
    return result;
}

int arbiter_programs_alive(arbiter_programs *programs) {
    pw_thread_loop_lock(programs->client.loop);
    int alive = !programs->client.dead;
    pw_thread_loop_unlock(programs->client.loop);
    return alive;
}

/* ---- acting on a node ---- */

/* The node, bound, with the lock held, or NULL and `*res` set. */
static struct program_node *bound_node(struct arbiter_programs *programs, uint32_t id, int *res) {
    if (programs->client.dead) {
        *res = -EPIPE;
        return NULL;
    }
    struct program_node *node = find_node(programs, id);
    if (node == NULL || node->proxy == NULL) {
        *res = -ENOENT;
        return NULL;
    }
    return node;
}

int arbiter_programs_set_soft_volumes(arbiter_programs *programs, uint32_t id, const float *volumes, uint32_t n,
                                      int soft_mute) {
    if (n == 0 || n > ARBITER_PROGRAM_MAX_CHANNELS) return -EINVAL;
    pw_thread_loop_lock(programs->client.loop);
    int res = 0;
    struct program_node *node = bound_node(programs, id, &res);
    if (node != NULL) {
        /* One value for every channel the node publishes. */
        float each[ARBITER_PROGRAM_MAX_CHANNELS];
        if (n == 1 && node->n_channel_volumes > 1) {
            n = node->n_channel_volumes;
            for (uint32_t i = 0; i < n; i++) each[i] = volumes[0];
            volumes = each;
        }
        uint8_t buffer[1024];
        struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
        struct spa_pod_frame f;
        spa_pod_builder_push_object(&b, &f, SPA_TYPE_OBJECT_Props, SPA_PARAM_Props);
        spa_pod_builder_add(&b, SPA_PROP_softVolumes, SPA_POD_Array(sizeof(float), SPA_TYPE_Float, n, volumes), 0);
        if (soft_mute >= 0) spa_pod_builder_add(&b, SPA_PROP_softMute, SPA_POD_Bool(soft_mute != 0), 0);
        struct spa_pod *param = spa_pod_builder_pop(&b, &f);
        res = param != NULL ? pw_node_set_param((struct pw_node *)node->proxy, SPA_PARAM_Props, 0, param) : -ENOSPC;
        if (res > 0) res = 0;
    }
    pw_thread_loop_unlock(programs->client.loop);
    return res;
}

int arbiter_programs_send_command(arbiter_programs *programs, uint32_t node, int start) {
    pw_thread_loop_lock(programs->client.loop);
    int res = 0;
    struct program_node *bound = bound_node(programs, node, &res);
    if (bound != NULL) {
        struct spa_command command = SPA_NODE_COMMAND_INIT(start ? SPA_NODE_COMMAND_Start : SPA_NODE_COMMAND_Pause);
        res = pw_node_send_command((struct pw_node *)bound->proxy, &command);
        if (res > 0) res = 0;
    }
    pw_thread_loop_unlock(programs->client.loop);
    return res;
}
