/* The follower's tables, kept as the registry announces globals and removes them (on the loop thread, lock held).
 * See arbiter_graph.h. */
#include "arbiter_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pipewire/extensions/metadata.h>

/* Whether the follower binds a node of this media.class. */
static int follows_node(const struct arbiter_graph *graph, const char *media_class) {
    switch (graph->binding) {
    case ARBITER_GRAPH_BIND_STREAMS: return media_class != NULL && strncmp(media_class, "Stream/", 7) == 0;
    case ARBITER_GRAPH_BIND_AUDIO: return media_class != NULL && strstr(media_class, "Audio") != NULL;
    default: return 0;
    }
}

static void add_node(struct arbiter_graph *graph, uint32_t id, const struct spa_dict *props) {
    struct arbiter_graph_node *node = calloc(1, sizeof(*node));
    if (node == NULL) return;
    const char *name = spa_dict_lookup(props, PW_KEY_NODE_NAME);
    node->graph = graph;
    node->id = id;
    node->state = ARBITER_GRAPH_STATE_UNKNOWN;
    snprintf(node->name, sizeof(node->name), "%s", name ? name : "");
    node->followed = follows_node(graph, spa_dict_lookup(props, PW_KEY_MEDIA_CLASS));
    if (node->followed) {
        node->props = pw_properties_new_dict(props);
        arbiter_graph_bind_node(graph, node);
    }
    spa_list_append(&graph->nodes, &node->link);
    if (graph->hooks != NULL && graph->hooks->node != NULL) graph->hooks->node(graph->data, node, 1);
}

static void add_port(struct arbiter_graph *graph, uint32_t id, const struct spa_dict *props) {
    const char *node = spa_dict_lookup(props, PW_KEY_NODE_ID);
    const char *direction = spa_dict_lookup(props, PW_KEY_PORT_DIRECTION);
    const char *channel = spa_dict_lookup(props, PW_KEY_AUDIO_CHANNEL);
    const char *monitor = spa_dict_lookup(props, PW_KEY_PORT_MONITOR);
    if (node == NULL || direction == NULL) return;
    struct arbiter_graph_port *port = calloc(1, sizeof(*port));
    if (port == NULL) return;
    port->id = id;
    port->node_id = (uint32_t)atoi(node);
    port->output = strcmp(direction, "out") == 0;
    port->monitor = monitor != NULL && strcmp(monitor, "true") == 0;
    snprintf(port->channel, sizeof(port->channel), "%s", channel ? channel : "");
    spa_list_append(&graph->ports, &port->link);
}

static void add_link(struct arbiter_graph *graph, uint32_t id, const struct spa_dict *props) {
    const char *output = spa_dict_lookup(props, PW_KEY_LINK_OUTPUT_NODE);
    const char *input = spa_dict_lookup(props, PW_KEY_LINK_INPUT_NODE);
    if (output == NULL || input == NULL) return;
    struct arbiter_graph_link *link = calloc(1, sizeof(*link));
    if (link == NULL) return;
    link->id = id;
    link->output_node = (uint32_t)atoi(output);
    link->input_node = (uint32_t)atoi(input);
    spa_list_append(&graph->links, &link->link);
}

static void add_client(struct arbiter_graph *graph, uint32_t id, const struct spa_dict *props) {
    if (!graph->bind_clients) return;
    struct arbiter_graph_client *client = calloc(1, sizeof(*client));
    if (client == NULL) return;
    client->graph = graph;
    client->id = id;
    client->props = pw_properties_new_dict(props);
    arbiter_graph_bind_client(graph, client);
    spa_list_append(&graph->clients, &client->link);
}

static void add_device(struct arbiter_graph *graph, uint32_t id, const struct spa_dict *props) {
    const char *media_class = spa_dict_lookup(props, PW_KEY_MEDIA_CLASS);
    /* A device whose global does not say what it is may be a sound card all the same: its routes will tell. */
    if (!graph->follow_devices || (media_class != NULL && strstr(media_class, "Audio") == NULL)) return;
    struct arbiter_graph_device *device = calloc(1, sizeof(*device));
    if (device == NULL) return;
    device->graph = graph;
    device->id = id;
    device->props = pw_properties_new_dict(props);
    arbiter_graph_bind_device(graph, device);
    spa_list_append(&graph->devices, &device->link);
}

static void add_endpoint(struct arbiter_graph *graph, uint32_t id, const struct spa_dict *props) {
    struct arbiter_graph_endpoint *endpoint = calloc(1, sizeof(*endpoint));
    if (endpoint == NULL) return;
    endpoint->id = id;
    endpoint->props = pw_properties_new_dict(props);
    spa_list_append(&graph->endpoints, &endpoint->link);
}

static void on_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                      const struct spa_dict *props) {
    struct arbiter_graph *graph = data;
    if (props == NULL) return;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) == 0) {
        add_node(graph, id, props);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Port) == 0) {
        add_port(graph, id, props);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Link) == 0) {
        add_link(graph, id, props);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Client) == 0) {
        add_client(graph, id, props);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Device) == 0) {
        add_device(graph, id, props);
    } else if (strcmp(type, "PipeWire:Interface:Endpoint") == 0) {
        add_endpoint(graph, id, props);
    } else if (strcmp(type, PW_TYPE_INTERFACE_Metadata) == 0 && graph->follow_defaults
               && graph->defaults.proxy == NULL) {
        const char *name = spa_dict_lookup(props, "metadata.name");
        if (name == NULL || strcmp(name, "default") != 0) return;
        arbiter_graph_follow_defaults(graph, id);
    } else {
        return;
    }
    arbiter_graph_changed(graph);
}

/* ---- forgetting ---- */

static void forget_node(struct arbiter_graph *graph, struct arbiter_graph_node *node) {
    if (graph->hooks != NULL && graph->hooks->node != NULL) graph->hooks->node(graph->data, node, 0);
    arbiter_graph_release_node(node);
}

static void forget_endpoint(struct arbiter_graph_endpoint *endpoint) {
    pw_properties_free(endpoint->props);
    spa_list_remove(&endpoint->link);
    free(endpoint);
}

/* Forgets the object with global id `id`: 1, or 0 when the follower has none. */
static int forget(struct arbiter_graph *graph, uint32_t id) {
    struct arbiter_graph_node *node = arbiter_graph_node_by_id(graph, id);
    if (node != NULL) {
        forget_node(graph, node);
        return 1;
    }
    struct arbiter_graph_port *port;
    spa_list_for_each(port, &graph->ports, link) {
        if (port->id != id) continue;
        spa_list_remove(&port->link);
        free(port);
        return 1;
    }
    struct arbiter_graph_link *link;
    spa_list_for_each(link, &graph->links, link) {
        if (link->id != id) continue;
        spa_list_remove(&link->link);
        free(link);
        return 1;
    }
    struct arbiter_graph_client *client = arbiter_graph_client_by_id(graph, id);
    if (client != NULL) {
        arbiter_graph_release_client(client);
        return 1;
    }
    struct arbiter_graph_endpoint *endpoint;
    spa_list_for_each(endpoint, &graph->endpoints, link) {
        if (endpoint->id != id) continue;
        forget_endpoint(endpoint);
        return 1;
    }
    struct arbiter_graph_device *device;
    spa_list_for_each(device, &graph->devices, link) {
        if (device->id != id) continue;
        arbiter_graph_release_device(device);
        return 1;
    }
    if (graph->defaults.proxy != NULL && graph->defaults.id == id) {
        arbiter_graph_forget_defaults(graph);
        return 1;
    }
    return 0;
}

static void on_global_remove(void *data, uint32_t id) {
    struct arbiter_graph *graph = data;
    if (forget(graph, id)) arbiter_graph_changed(graph);
}

const struct pw_registry_events arbiter_graph_registry_events = {
    PW_VERSION_REGISTRY_EVENTS,
    .global = on_global,
    .global_remove = on_global_remove,
};

void arbiter_graph_forget_all(struct arbiter_graph *graph) {
    struct arbiter_graph_node *node, *next_node;
    spa_list_for_each_safe(node, next_node, &graph->nodes, link) arbiter_graph_release_node(node);
    struct arbiter_graph_port *port, *next_port;
    spa_list_for_each_safe(port, next_port, &graph->ports, link) {
        spa_list_remove(&port->link);
        free(port);
    }
    struct arbiter_graph_link *link, *next_link;
    spa_list_for_each_safe(link, next_link, &graph->links, link) {
        spa_list_remove(&link->link);
        free(link);
    }
    struct arbiter_graph_client *client, *next_client;
    spa_list_for_each_safe(client, next_client, &graph->clients, link) arbiter_graph_release_client(client);
    struct arbiter_graph_endpoint *endpoint, *next_endpoint;
    spa_list_for_each_safe(endpoint, next_endpoint, &graph->endpoints, link) forget_endpoint(endpoint);
    struct arbiter_graph_device *device, *next_device;
    spa_list_for_each_safe(device, next_device, &graph->devices, link) arbiter_graph_release_device(device);
    arbiter_graph_forget_defaults(graph);
}

/* ---- lookups ---- */

struct arbiter_graph_node *arbiter_graph_node_by_id(struct arbiter_graph *graph, uint32_t id) {
    struct arbiter_graph_node *node;
    spa_list_for_each(node, &graph->nodes, link) {
        if (node->id == id) return node;
    }
    return NULL;
}

struct arbiter_graph_node *arbiter_graph_node_named(struct arbiter_graph *graph, const char *name) {
    struct arbiter_graph_node *node;
    spa_list_for_each(node, &graph->nodes, link) {
        if (strcmp(node->name, name) == 0) return node;
    }
    return NULL;
}

struct arbiter_graph_client *arbiter_graph_client_by_id(struct arbiter_graph *graph, uint32_t id) {
    struct arbiter_graph_client *client;
    spa_list_for_each(client, &graph->clients, link) {
        if (client->id == id) return client;
    }
    return NULL;
}

int arbiter_graph_links_into(struct arbiter_graph *graph, uint32_t node_id) {
    int count = 0;
    struct arbiter_graph_link *link;
    spa_list_for_each(link, &graph->links, link) {
        if (link->input_node == node_id) count++;
    }
    return count;
}
