/* The follower's connection: connecting, round trips, waits, the core's events and closing. See arbiter_graph.h. */
#include "arbiter_graph.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* ---- the core's events (on the loop thread, lock held) ---- */

static void on_core_done(void *data, uint32_t id, int seq) {
    struct arbiter_graph *graph = data;
    arbiter_sync_answered(&graph->client.sync, graph->client.loop, id, seq);
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    struct arbiter_graph *graph = data;
    if (id == PW_ID_CORE && res == -EPIPE) graph->client.dead = 1;
    if (graph->hooks != NULL && graph->hooks->error != NULL) graph->hooks->error(graph->data, id, res, message);
    arbiter_graph_changed(graph);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .done = on_core_done,
    .error = on_core_error,
};

/* ---- connecting and round trips ---- */

int arbiter_graph_connect(struct arbiter_graph *graph, const char *name, const char *remote,
                          enum arbiter_graph_binding binding, int follow, const struct arbiter_graph_hooks *hooks,
                          void *data, int timeout_ms, char *error, int error_len) {
    graph->follow_defaults = (follow & ARBITER_GRAPH_FOLLOW_DEFAULTS) != 0;
    graph->follow_devices = (follow & ARBITER_GRAPH_FOLLOW_DEVICES) != 0;
    graph->defaults.id = SPA_ID_INVALID;
    /* Only for a caller that polls it: every change would otherwise cost a write for nobody to read. */
    graph->change_fd = (follow & ARBITER_GRAPH_CHANGE_FD) ? eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC) : -1;
    graph->binding = binding;
    graph->bind_clients = (follow & ARBITER_GRAPH_FOLLOW_CLIENTS) != 0;
    graph->hooks = hooks;
    graph->data = data;
    spa_list_init(&graph->nodes);
    spa_list_init(&graph->ports);
    spa_list_init(&graph->links);
    spa_list_init(&graph->clients);
    spa_list_init(&graph->endpoints);
    spa_list_init(&graph->devices);
    if (arbiter_client_connect(&graph->client, name, name, remote, &core_events, &arbiter_graph_registry_events,
                               graph, error, error_len) != 0) {
        return -1;
    }
    struct timespec deadline;
    arbiter_client_deadline(&graph->client, &deadline, timeout_ms);
    int result = arbiter_graph_sync_locked(graph, &deadline);
    pw_thread_loop_unlock(graph->client.loop);
    if (result != 0) snprintf(error, error_len, "PipeWire did not answer within %d ms", timeout_ms);
    return result;
}

void arbiter_graph_changed(struct arbiter_graph *graph) {
    graph->generation++;
    pw_thread_loop_signal(graph->client.loop, false);
    if (graph->change_fd >= 0) {
        uint64_t one = 1;
        ssize_t written = write(graph->change_fd, &one, sizeof(one)); /* a full counter is readable already */
        (void)written;
    }
}

int arbiter_graph_sync_locked(struct arbiter_graph *graph, struct timespec *deadline) {
    if (graph->closed) return -1;
    /* An object seen during a round trip was bound after it: its info comes with the next one. */
    for (int round = 0; round < 8; round++) {
        if (arbiter_client_round_trip(&graph->client, deadline) != 0) return -1;
        if (!arbiter_graph_awaits_info(graph)) return 0;
    }
    return 0;
}

int arbiter_graph_wait(struct arbiter_graph *graph, uint64_t generation, int timeout_ms) {
    pw_thread_loop_lock(graph->client.loop);
    struct timespec deadline;
    arbiter_client_deadline(&graph->client, &deadline, timeout_ms);
    while (!graph->client.dead && graph->generation <= generation) {
        if (pw_thread_loop_timed_wait_full(graph->client.loop, &deadline) != 0) break;
    }
    int result = graph->client.dead ? -1 : graph->generation > generation;
    pw_thread_loop_unlock(graph->client.loop);
    return result;
}

int arbiter_graph_alive(struct arbiter_graph *graph) {
    pw_thread_loop_lock(graph->client.loop);
    int alive = !graph->client.dead;
    pw_thread_loop_unlock(graph->client.loop);
    return alive;
}

/* ---- closing ---- */

void arbiter_graph_disconnect_locked(struct arbiter_graph *graph) {
    if (graph->closed) return;
    graph->closed = 1;
    arbiter_graph_forget_all(graph);
    if (graph->client.registry != NULL) {
        spa_hook_remove(&graph->client.registry_listener);
        pw_proxy_destroy((struct pw_proxy *)graph->client.registry);
        graph->client.registry = NULL;
    }
    if (graph->client.core != NULL) {
        spa_hook_remove(&graph->client.core_listener);
        pw_core_disconnect(graph->client.core);
        graph->client.core = NULL;
    }
    graph->client.dead = 1;
    arbiter_graph_changed(graph);
}

void arbiter_graph_close(struct arbiter_graph *graph) {
    if (graph->client.loop) pw_thread_loop_stop(graph->client.loop);
    /* Set up by arbiter_graph_connect, or never connected at all. */
    if (graph->nodes.next != NULL) arbiter_graph_forget_all(graph);
    arbiter_client_close(&graph->client);
    if (graph->change_fd >= 0) close(graph->change_fd);
    graph->change_fd = -1;
}
