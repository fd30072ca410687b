/* What the follower's bound nodes and clients publish: their info, a node's Props, and the daemon's refusals of
 * what was asked of a node (on the loop thread, lock held). See arbiter_graph.h. */
#include "arbiter_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pipewire/extensions/metadata.h>
#include <spa/param/props.h>
#include <spa/param/route.h>
#include <spa/pod/parser.h>
#include <spa/pod/iter.h>
#include <spa/utils/result.h>

/* ---- a node's info, Props and errors ---- */

static void on_node_info(void *data, const struct pw_node_info *info) {
    struct arbiter_graph_node *node = data;
    int first = !node->has_info;
    node->has_info = 1;
    if (first || (info->change_mask & PW_NODE_CHANGE_MASK_STATE)) node->state = (int32_t)info->state;
    if ((first || (info->change_mask & PW_NODE_CHANGE_MASK_PROPS)) && info->props != NULL) {
        pw_properties_clear(node->props);
        pw_properties_update(node->props, info->props);
    }
    arbiter_graph_changed(node->graph);
}

static void on_node_param(void *data, int seq, uint32_t id, uint32_t index, uint32_t next,
                          const struct spa_pod *param) {
    struct arbiter_graph_node *node = data;
    if (id != SPA_PARAM_Props || param == NULL || !spa_pod_is_object(param)) return;
    int has_channel = 0, has_soft = 0, has_mute = 0, has_soft_mute = 0;
    float channel[ARBITER_GRAPH_MAX_CHANNELS], soft[ARBITER_GRAPH_MAX_CHANNELS];
    uint32_t n_channel = 0, n_soft = 0;
    bool mute = false, soft_mute = false;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH((const struct spa_pod_object *)param, prop) {
        if (prop->key == SPA_PROP_channelVolumes) {
            has_channel = 1;
            n_channel = spa_pod_copy_array(&prop->value, SPA_TYPE_Float, channel, ARBITER_GRAPH_MAX_CHANNELS);
        } else if (prop->key == SPA_PROP_softVolumes) {
            has_soft = 1;
            n_soft = spa_pod_copy_array(&prop->value, SPA_TYPE_Float, soft, ARBITER_GRAPH_MAX_CHANNELS);
        } else if (prop->key == SPA_PROP_mute && spa_pod_get_bool(&prop->value, &mute) == 0) {
            has_mute = 1;
        } else if (prop->key == SPA_PROP_softMute && spa_pod_get_bool(&prop->value, &soft_mute) == 0) {
            has_soft_mute = 1;
        }
    }
    /* As pw-dump is read: the Props object that carries the volumes (a node may publish others, its follower's;
     * a stream publishes none before its format is known). */
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
    arbiter_graph_changed(node->graph);
}

static const struct pw_node_events node_events = {
    PW_VERSION_NODE_EVENTS,
    .info = on_node_info,
    .param = on_node_param,
};

static void on_node_error(void *data, int seq, int res, const char *message) {
    struct arbiter_graph_node *node = data;
    struct arbiter_graph *graph = node->graph;
    if (graph->refusal[0] == '\0') {
        snprintf(graph->refusal, sizeof(graph->refusal), "node %u: %s (%s)", node->id, message ? message : "",
                 spa_strerror(res));
    }
    pw_thread_loop_signal(graph->client.loop, false);
}

static const struct pw_proxy_events node_proxy_events = {
    PW_VERSION_PROXY_EVENTS,
    .error = on_node_error,
};

void arbiter_graph_bind_node(struct arbiter_graph *graph, struct arbiter_graph_node *node) {
    node->proxy = pw_registry_bind(graph->client.registry, node->id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
    if (node->proxy == NULL) return;
    uint32_t params[] = { SPA_PARAM_Props };
    pw_proxy_add_object_listener(node->proxy, &node->node_listener, &node_events, node);
    pw_proxy_add_listener(node->proxy, &node->proxy_listener, &node_proxy_events, node);
    pw_node_subscribe_params((struct pw_node *)node->proxy, params, 1);
}

void arbiter_graph_release_node(struct arbiter_graph_node *node) {
    if (node->proxy != NULL) {
        spa_hook_remove(&node->node_listener);
        spa_hook_remove(&node->proxy_listener);
        pw_proxy_destroy(node->proxy);
    }
    if (node->props != NULL) pw_properties_free(node->props);
    spa_list_remove(&node->link);
    free(node);
}

/* ---- a client's info ---- */

static void on_client_info(void *data, const struct pw_client_info *info) {
    struct arbiter_graph_client *client = data;
    client->has_info = 1;
    if (info->props != NULL) {
        pw_properties_clear(client->props);
        pw_properties_update(client->props, info->props);
    }
    arbiter_graph_changed(client->graph);
}

static const struct pw_client_events client_events = {
    PW_VERSION_CLIENT_EVENTS,
    .info = on_client_info,
};

void arbiter_graph_bind_client(struct arbiter_graph *graph, struct arbiter_graph_client *client) {
    client->proxy = pw_registry_bind(graph->client.registry, client->id, PW_TYPE_INTERFACE_Client,
                                     PW_VERSION_CLIENT, 0);
    if (client->proxy != NULL) pw_proxy_add_object_listener(client->proxy, &client->listener, &client_events, client);
}

void arbiter_graph_release_client(struct arbiter_graph_client *client) {
    if (client->proxy != NULL) {
        spa_hook_remove(&client->listener);
        pw_proxy_destroy(client->proxy);
    }
    pw_properties_free(client->props);
    spa_list_remove(&client->link);
    free(client);
}

int arbiter_graph_awaits_info(struct arbiter_graph *graph) {
    struct arbiter_graph_node *node;
    spa_list_for_each(node, &graph->nodes, link) {
        if (node->proxy != NULL && !node->has_info) return 1;
    }
    struct arbiter_graph_client *client;
    spa_list_for_each(client, &graph->clients, link) {
        if (client->proxy != NULL && !client->has_info) return 1;
    }
    return 0;
}

/* ---- the default metadata ---- */

/* The node.name in a default's JSON value (`{ "name": "alsa_output.x" }`), or "" when there is none. */
static void default_name(const char *value, char *name, size_t size) {
    name[0] = '\0';
    const char *key = value != NULL ? strstr(value, "\"name\"") : NULL;
    const char *start = key != NULL ? strchr(key + 6, '"') : NULL;
    const char *end = start != NULL ? strchr(start + 1, '"') : NULL;
    if (end == NULL) return;
    snprintf(name, size, "%.*s", (int)(end - start - 1), start + 1);
}

static int on_metadata_property(void *data, uint32_t subject, const char *key, const char *type,
                                const char *value) {
    struct arbiter_graph *graph = data;
    /* A NULL key clears every property of the subject. */
    if (subject == PW_ID_CORE && (key == NULL || strcmp(key, "default.audio.sink") == 0)) {
        default_name(key != NULL ? value : NULL, graph->defaults.audio_sink, sizeof(graph->defaults.audio_sink));
        arbiter_graph_changed(graph);
    }
    return 0;
}

static const struct pw_metadata_events metadata_events = {
    PW_VERSION_METADATA_EVENTS,
    .property = on_metadata_property,
};

void arbiter_graph_follow_defaults(struct arbiter_graph *graph, uint32_t id) {
    graph->defaults.proxy = pw_registry_bind(graph->client.registry, id, PW_TYPE_INTERFACE_Metadata,
                                             PW_VERSION_METADATA, 0);
    if (graph->defaults.proxy == NULL) return;
    graph->defaults.id = id;
    pw_proxy_add_object_listener(graph->defaults.proxy, &graph->defaults.listener, &metadata_events, graph);
}

void arbiter_graph_forget_defaults(struct arbiter_graph *graph) {
    if (graph->defaults.proxy == NULL) return;
    spa_hook_remove(&graph->defaults.listener);
    pw_proxy_destroy(graph->defaults.proxy);
    graph->defaults.proxy = NULL;
    graph->defaults.audio_sink[0] = '\0';
}

/* ---- a device's routes ---- */

/* A route's info (`Struct(Int n, String key, String value, ...)`): its port.type into `port_type`. */
static void route_port_type(const struct spa_pod *info, char *port_type, size_t size) {
    port_type[0] = '\0';
    struct spa_pod_parser parser;
    struct spa_pod_frame frame;
    int32_t n = 0;
    if (info == NULL) return;
    spa_pod_parser_pod(&parser, info);
    if (spa_pod_parser_push_struct(&parser, &frame) < 0 || spa_pod_parser_get_int(&parser, &n) < 0) return;
    for (int32_t i = 0; i < n; i++) {
        const char *key = NULL, *value = NULL;
        if (spa_pod_parser_get_string(&parser, &key) < 0 || spa_pod_parser_get_string(&parser, &value) < 0) return;
        if (strcmp(key, "port.type") == 0) snprintf(port_type, size, "%s", value);
    }
}

static void on_device_info(void *data, const struct pw_device_info *info) {
    struct arbiter_graph_device *device = data;
    if (!(info->change_mask & PW_DEVICE_CHANGE_MASK_PARAMS)) return;
    /* A param whose flags flipped (its serial) changed: what was known of it goes, and it is asked for again. Asked,
     * not subscribed to: a device another client exported (as a session manager exports ALSA's) answers a
     * subscription's enumerations asynchronously, and the daemon passes on only the last of them. Requests from one
     * client are served one after the other. */
    for (uint32_t i = 0; i < info->n_params; i++) {
        uint32_t id = info->params[i].id, flags = info->params[i].flags;
        if (!(flags & SPA_PARAM_INFO_READ)) continue;
        if (id == SPA_PARAM_EnumRoute && (flags != device->enum_flags || !device->asked)) {
            device->enum_flags = flags;
            device->n_routes = 0;
        } else if (id == SPA_PARAM_Route && (flags != device->route_flags || !device->asked)) {
            device->route_flags = flags;
            device->n_active = 0;
        } else {
            continue;
        }
        pw_device_enum_params((struct pw_device *)device->proxy, 0, id, 0, UINT32_MAX, NULL);
    }
    device->asked = 1;
    arbiter_graph_changed(device->graph);
}

static void on_device_param(void *data, int seq, uint32_t id, uint32_t index, uint32_t next,
                            const struct spa_pod *param) {
    struct arbiter_graph_device *device = data;
    if ((id != SPA_PARAM_EnumRoute && id != SPA_PARAM_Route) || param == NULL) return;
    int32_t route_index = -1;
    uint32_t direction = 0, available = SPA_PARAM_AVAILABILITY_unknown;
    const char *name = NULL, *description = NULL;
    const struct spa_pod *info = NULL;
    if (spa_pod_parse_object(param, SPA_TYPE_OBJECT_ParamRoute, NULL, SPA_PARAM_ROUTE_index, SPA_POD_Int(&route_index),
                             SPA_PARAM_ROUTE_direction, SPA_POD_Id(&direction), SPA_PARAM_ROUTE_name,
                             SPA_POD_String(&name), SPA_PARAM_ROUTE_description, SPA_POD_OPT_String(&description),
                             SPA_PARAM_ROUTE_available, SPA_POD_OPT_Id(&available), SPA_PARAM_ROUTE_info,
                             SPA_POD_OPT_Pod(&info)) < 0) {
        return;
    }
    if (id == SPA_PARAM_Route) {
        if (device->n_active < ARBITER_GRAPH_MAX_ROUTES) device->active[device->n_active++] = (uint32_t)route_index;
    } else {
        struct arbiter_graph_route *route = NULL;
        for (uint32_t i = 0; i < device->n_routes; i++) {
            if (device->routes[i].index == (uint32_t)route_index) route = &device->routes[i];
        }
        if (route == NULL && device->n_routes < ARBITER_GRAPH_MAX_ROUTES) route = &device->routes[device->n_routes++];
        if (route == NULL) return;
        route->index = (uint32_t)route_index;
        route->output = direction == SPA_DIRECTION_OUTPUT;
        route->available = available == SPA_PARAM_AVAILABILITY_yes ? 2 : available == SPA_PARAM_AVAILABILITY_no ? 1 : 0;
        snprintf(route->name, sizeof(route->name), "%s", name ? name : "");
        snprintf(route->description, sizeof(route->description), "%s", description ? description : "");
        route_port_type(info, route->port_type, sizeof(route->port_type));
    }
    for (uint32_t i = 0; i < device->n_routes; i++) {
        device->routes[i].active = 0;
        for (uint32_t a = 0; a < device->n_active; a++) {
            if (device->active[a] == device->routes[i].index) device->routes[i].active = 1;
        }
    }
    arbiter_graph_changed(device->graph);
}

static const struct pw_device_events device_events = {
    PW_VERSION_DEVICE_EVENTS,
    .info = on_device_info,
    .param = on_device_param,
};

void arbiter_graph_bind_device(struct arbiter_graph *graph, struct arbiter_graph_device *device) {
    device->proxy = pw_registry_bind(graph->client.registry, device->id, PW_TYPE_INTERFACE_Device,
                                     PW_VERSION_DEVICE, 0);
    if (device->proxy == NULL) return;
    pw_proxy_add_object_listener(device->proxy, &device->listener, &device_events, device);
}

void arbiter_graph_release_device(struct arbiter_graph_device *device) {
    if (device->proxy != NULL) {
        spa_hook_remove(&device->listener);
        pw_proxy_destroy(device->proxy);
    }
    pw_properties_free(device->props);
    spa_list_remove(&device->link);
    free(device);
}
