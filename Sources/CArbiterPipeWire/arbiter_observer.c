/* The read-only observer connection: a follower of the graph (arbiter_graph.h) that binds streams. See
 * include/arbiter_observer.h. */
#include "arbiter_observer.h"
#include "arbiter_graph.h"

#include <stdio.h>
#include <stdlib.h>

struct arbiter_observer {
    struct arbiter_graph graph;
};

arbiter_observer *arbiter_observer_connect(const char *remote, char *error, int error_len) {
    struct arbiter_observer *observer = calloc(1, sizeof(*observer));
    if (observer == NULL) {
        snprintf(error, error_len, "out of memory");
        return NULL;
    }
    if (arbiter_graph_connect(&observer->graph, "arbiter-observer", remote, ARBITER_GRAPH_BIND_STREAMS, 0, NULL, NULL,
                              5000, error, error_len) != 0) {
        arbiter_observer_disconnect(observer);
        return NULL;
    }
    return observer;
}

void arbiter_observer_disconnect(arbiter_observer *observer) {
    if (observer == NULL) return;
    arbiter_graph_close(&observer->graph);
    free(observer);
}

int arbiter_observer_sync(arbiter_observer *observer, int timeout_ms) {
    pw_thread_loop_lock(observer->graph.client.loop);
    struct timespec deadline;
    arbiter_client_deadline(&observer->graph.client, &deadline, timeout_ms);
    int result = arbiter_graph_sync_locked(&observer->graph, &deadline);
    pw_thread_loop_unlock(observer->graph.client.loop);
    return result;
}

/* A node as the observer's interface shows it: a stream's state, its first channel volume and its mute. */
static struct arbiter_observed_node observed(const struct arbiter_graph_node *node) {
    struct arbiter_observed_node copy = {
        .id = node->id,
        .state = node->followed ? node->state : ARBITER_GRAPH_STATE_UNKNOWN,
        .has_volume = node->n_channel_volumes > 0,
        .volume = node->n_channel_volumes > 0 ? node->channel_volumes[0] : 0,
        .has_mute = node->has_mute,
        .mute = node->mute,
    };
    snprintf(copy.name, sizeof(copy.name), "%s", node->name);
    return copy;
}

void arbiter_observer_copy(arbiter_observer *observer, struct arbiter_observed_node *nodes, int max_nodes,
                           int *n_nodes, struct arbiter_observed_link *links, int max_links, int *n_links,
                           uint64_t *generation) {
    struct arbiter_graph *graph = &observer->graph;
    pw_thread_loop_lock(graph->client.loop);
    int node_count = 0, link_count = 0;
    struct arbiter_graph_node *node;
    spa_list_for_each(node, &graph->nodes, link) {
        if (node_count < max_nodes) nodes[node_count] = observed(node);
        node_count++;
    }
    struct arbiter_graph_link *link;
    spa_list_for_each(link, &graph->links, link) {
        if (link_count < max_links) links[link_count] = (struct arbiter_observed_link){ link->output_node, link->input_node };
        link_count++;
    }
    *n_nodes = node_count;
    *n_links = link_count;
    *generation = graph->generation;
    pw_thread_loop_unlock(graph->client.loop);
}

int arbiter_observer_wait(arbiter_observer *observer, uint64_t generation, int timeout_ms) {
    return arbiter_graph_wait(&observer->graph, generation, timeout_ms);
}

int arbiter_observer_alive(arbiter_observer *observer) { return arbiter_graph_alive(&observer->graph); }
