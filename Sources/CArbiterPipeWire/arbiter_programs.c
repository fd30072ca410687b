/* Other programs' audio nodes, followed and acted on: a follower of the graph (arbiter_graph.h) that binds audio
 * nodes and clients. See include/arbiter_programs.h. */
#include "arbiter_programs.h"
#include "arbiter_graph.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spa/param/props.h>
#include <spa/pod/builder.h>

struct arbiter_programs {
    struct arbiter_graph graph;
};

_Static_assert(ARBITER_PROGRAM_MAX_CHANNELS == ARBITER_GRAPH_MAX_CHANNELS, "a node's volumes are copied whole");
_Static_assert(ARBITER_PROGRAM_MAX_ROUTES == ARBITER_GRAPH_MAX_ROUTES, "a device's routes are copied whole");

/* ---- connecting, syncing, closing ---- */

arbiter_programs *arbiter_programs_connect(const char *remote, char *error, int error_len) {
    struct arbiter_programs *programs = calloc(1, sizeof(*programs));
    if (programs == NULL) {
        snprintf(error, error_len, "out of memory");
        return NULL;
    }
    if (arbiter_graph_connect(&programs->graph, "arbiter-programs", remote, ARBITER_GRAPH_BIND_AUDIO,
                              ARBITER_GRAPH_FOLLOW_CLIENTS | ARBITER_GRAPH_FOLLOW_DEFAULTS | ARBITER_GRAPH_FOLLOW_DEVICES
                                  | ARBITER_GRAPH_CHANGE_FD,
                              NULL, NULL, 5000, error,
                              error_len) != 0) {
        arbiter_programs_free(programs);
        return NULL;
    }
    return programs;
}

void arbiter_programs_close(arbiter_programs *programs) {
    if (programs == NULL || programs->graph.client.loop == NULL) return;
    pw_thread_loop_lock(programs->graph.client.loop);
    arbiter_graph_disconnect_locked(&programs->graph);
    pw_thread_loop_unlock(programs->graph.client.loop);
}

void arbiter_programs_free(arbiter_programs *programs) {
    if (programs == NULL) return;
    arbiter_programs_close(programs);
    arbiter_graph_close(&programs->graph);
    free(programs);
}

int arbiter_programs_sync(arbiter_programs *programs, int timeout_ms, char *refusal, int refusal_len) {
    struct arbiter_graph *graph = &programs->graph;
    pw_thread_loop_lock(graph->client.loop);
    struct timespec deadline;
    arbiter_client_deadline(&graph->client, &deadline, timeout_ms);
    int result = arbiter_graph_sync_locked(graph, &deadline);
    if (result == 0 && graph->refusal[0] != '\0') {
        snprintf(refusal, refusal_len, "%s", graph->refusal);
        graph->refusal[0] = '\0';
        result = 1;
    }
    pw_thread_loop_unlock(graph->client.loop);
    return result;
}

int arbiter_programs_wait(arbiter_programs *programs, uint64_t generation, int timeout_ms) {
    return arbiter_graph_wait(&programs->graph, generation, timeout_ms);
}

int arbiter_programs_alive(arbiter_programs *programs) { return arbiter_graph_alive(&programs->graph); }

int arbiter_programs_change_fd(arbiter_programs *programs) { return programs->graph.change_fd; }

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

static struct arbiter_graph_client *node_client(struct arbiter_graph *graph, const struct arbiter_graph_node *node) {
    const char *id = pw_properties_get(node->props, PW_KEY_CLIENT_ID);
    return id != NULL ? arbiter_graph_client_by_id(graph, (uint32_t)atoi(id)) : NULL;
}

/* A line for an endpoint global: it shows a role policy by its type alone (WirePlumber 0.4's endpoints). */
static char *endpoint_line(const struct arbiter_graph_endpoint *endpoint) {
    const char *name = pw_properties_get(endpoint->props, "endpoint.name");
    const char *role = pw_properties_get(endpoint->props, PW_KEY_MEDIA_ROLE);
    const char *media_class = pw_properties_get(endpoint->props, PW_KEY_MEDIA_CLASS);
    char line[512];
    snprintf(line, sizeof(line), "global %u is a PipeWire:Interface:Endpoint (endpoint.name %s, media.class %s%s%s): "
             "WirePlumber 0.4's role endpoints", endpoint->id, name ? name : "?", media_class ? media_class : "?",
             role ? ", media.role " : "", role ? role : "");
    return strdup(line);
}

/* A line for a node that shows a role policy by its properties, or NULL: WirePlumber 0.4's endpoint nodes
 * (wireplumber.is-endpoint, whose monitorVolumes it ducks) and 0.5's role loopbacks (device.intended-roles,
 * policy.role-based.*). */
static char *role_node_line(const struct arbiter_graph_node *node) {
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

/* The devices and their routes, into the snapshot (none when there is no room). */
static void copy_devices(struct arbiter_graph *graph, struct arbiter_program_snapshot *snapshot) {
    uint32_t count = 0;
    struct arbiter_graph_device *device;
    spa_list_for_each(device, &graph->devices, link) count++;
    snapshot->devices = count > 0 ? calloc(count, sizeof(*snapshot->devices)) : NULL;
    if (snapshot->devices == NULL) return;
    spa_list_for_each(device, &graph->devices, link) {
        struct arbiter_program_device *copy = &snapshot->devices[snapshot->n_devices++];
        const char *name = pw_properties_get(device->props, "device.name");
        const char *description = pw_properties_get(device->props, "device.description");
        const char *api = pw_properties_get(device->props, "device.api");
        copy->id = device->id;
        snprintf(copy->name, sizeof(copy->name), "%s", name ? name : "");
        snprintf(copy->description, sizeof(copy->description), "%s", description ? description : "");
        snprintf(copy->api, sizeof(copy->api), "%s", api ? api : "");
        copy->n_routes = device->n_routes;
        for (uint32_t i = 0; i < device->n_routes; i++) {
            const struct arbiter_graph_route *route = &device->routes[i];
            struct arbiter_program_route *to = &copy->routes[i];
            to->index = route->index;
            to->output = route->output;
            to->available = route->available;
            to->active = route->active;
            snprintf(to->name, sizeof(to->name), "%s", route->name);
            snprintf(to->description, sizeof(to->description), "%s", route->description);
            snprintf(to->port_type, sizeof(to->port_type), "%s", route->port_type);
        }
    }
}

static int by_nodes(const void *a, const void *b) {
    const struct arbiter_program_link *x = a, *y = b;
    if (x->output_node != y->output_node) return x->output_node < y->output_node ? -1 : 1;
    return x->input_node < y->input_node ? -1 : x->input_node > y->input_node;
}

/* The links, one per pair of nodes, with the lock held. */
static void copy_links(struct arbiter_graph *graph, struct arbiter_program_snapshot *snapshot) {
    uint32_t count = 0;
    struct arbiter_graph_link *link;
    spa_list_for_each(link, &graph->links, link) count++;
    snapshot->links = calloc(count ? count : 1, sizeof(*snapshot->links));
    if (snapshot->links == NULL) return;
    spa_list_for_each(link, &graph->links, link) {
        snapshot->links[snapshot->n_links++] =
            (struct arbiter_program_link){ .output_node = link->output_node, .input_node = link->input_node };
    }
    qsort(snapshot->links, snapshot->n_links, sizeof(*snapshot->links), by_nodes);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < snapshot->n_links; i++) {
        if (kept > 0 && by_nodes(&snapshot->links[kept - 1], &snapshot->links[i]) == 0) continue;
        snapshot->links[kept++] = snapshot->links[i];
    }
    snapshot->n_links = kept;
}

struct arbiter_program_snapshot *arbiter_programs_snapshot(arbiter_programs *programs) {
    struct arbiter_program_snapshot *snapshot = calloc(1, sizeof(*snapshot));
    if (snapshot == NULL) return NULL;
    struct arbiter_graph *graph = &programs->graph;
    pw_thread_loop_lock(graph->client.loop);
    uint32_t count = 0, globals = 0;
    struct arbiter_graph_node *node;
    struct arbiter_graph_endpoint *endpoint;
    spa_list_for_each(node, &graph->nodes, link) count += node->followed;
    spa_list_for_each(endpoint, &graph->endpoints, link) globals++;
    snapshot->generation = graph->generation;
    snprintf(snapshot->default_sink, sizeof(snapshot->default_sink), "%s", graph->defaults.audio_sink);
    copy_devices(graph, snapshot);
    copy_links(graph, snapshot);
    snapshot->nodes = calloc(count ? count : 1, sizeof(*snapshot->nodes));
    snapshot->role_policy = calloc(count + globals + 1, sizeof(char *));
    if (snapshot->nodes == NULL || snapshot->role_policy == NULL) {
        pw_thread_loop_unlock(graph->client.loop);
        arbiter_programs_snapshot_free(snapshot);
        return NULL;
    }
    spa_list_for_each(endpoint, &graph->endpoints, link) {
        snapshot->role_policy[snapshot->n_role_policy++] = endpoint_line(endpoint);
    }
    spa_list_for_each(node, &graph->nodes, link) {
        if (!node->followed) continue;
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
        struct arbiter_graph_client *client = node_client(graph, node);
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
    pw_thread_loop_unlock(graph->client.loop);
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
    free(snapshot->devices);
    free(snapshot->links);
    free(snapshot);
}

/* ---- acting on a node ---- */

/* The node, bound, with the lock held, or NULL and `*res` set. */
static struct arbiter_graph_node *bound_node(struct arbiter_programs *programs, uint32_t id, int *res) {
    if (programs->graph.client.dead) {
        *res = -EPIPE;
        return NULL;
    }
    struct arbiter_graph_node *node = arbiter_graph_node_by_id(&programs->graph, id);
    if (node == NULL || node->proxy == NULL) {
        *res = -ENOENT;
        return NULL;
    }
    return node;
}

/* Sends the node a Props param with `volumes` as `key` (one value: the same for each channel it publishes), and
 * `softMute` unless `soft_mute` is -1. */
static int set_volumes(arbiter_programs *programs, uint32_t id, uint32_t key, const float *volumes, uint32_t n,
                       int soft_mute) {
    if (n == 0 || n > ARBITER_PROGRAM_MAX_CHANNELS) return -EINVAL;
    pw_thread_loop_lock(programs->graph.client.loop);
    int res = 0;
    struct arbiter_graph_node *node = bound_node(programs, id, &res);
    if (node != NULL) {
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
        spa_pod_builder_add(&b, key, SPA_POD_Array(sizeof(float), SPA_TYPE_Float, n, volumes), 0);
        if (soft_mute >= 0) spa_pod_builder_add(&b, SPA_PROP_softMute, SPA_POD_Bool(soft_mute != 0), 0);
        struct spa_pod *param = spa_pod_builder_pop(&b, &f);
        res = param != NULL ? pw_node_set_param((struct pw_node *)node->proxy, SPA_PARAM_Props, 0, param) : -ENOSPC;
        if (res > 0) res = 0;
    }
    pw_thread_loop_unlock(programs->graph.client.loop);
    return res;
}

int arbiter_programs_set_soft_volumes(arbiter_programs *programs, uint32_t id, const float *volumes, uint32_t n,
                                      int soft_mute) {
    return set_volumes(programs, id, SPA_PROP_softVolumes, volumes, n, soft_mute);
}

int arbiter_programs_set_channel_volumes(arbiter_programs *programs, uint32_t id, const float *volumes, uint32_t n) {
    return set_volumes(programs, id, SPA_PROP_channelVolumes, volumes, n, -1);
}

int arbiter_programs_send_command(arbiter_programs *programs, uint32_t node, int start) {
    pw_thread_loop_lock(programs->graph.client.loop);
    int res = 0;
    struct arbiter_graph_node *bound = bound_node(programs, node, &res);
    if (bound != NULL) {
        struct spa_command command = SPA_NODE_COMMAND_INIT(start ? SPA_NODE_COMMAND_Start : SPA_NODE_COMMAND_Pause);
        res = pw_node_send_command((struct pw_node *)bound->proxy, &command);
        if (res > 0) res = 0;
    }
    pw_thread_loop_unlock(programs->graph.client.loop);
    return res;
}
