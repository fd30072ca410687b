/* The stage's connection: connecting, round trips, waits, errors and real-time scheduling. See
 * include/arbiter_pw.h. */
#include "arbiter_pw_internal.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spa/utils/result.h>

/* ---- connection ---- */

int arbiter_pw_sync_locked(struct arbiter_pw *pw, int timeout_ms) {
    if (pw->graph.client.dead) return -1;
    struct timespec deadline;
    arbiter_client_deadline(&pw->graph.client, &deadline, timeout_ms);
    arbiter_pw_stream_connections_sync(pw); /* answered while the connection's own round trip waits */
    if (arbiter_graph_sync_locked(&pw->graph, &deadline) != 0) return -1;
    while (!arbiter_pw_stream_connections_done(pw) && !pw->graph.client.dead) {
        if (pw_thread_loop_timed_wait_full(pw->graph.client.loop, &deadline) != 0) return -1;
    }
    return pw->graph.client.dead ? -1 : 0;
}

arbiter_pw *arbiter_pw_connect(const char *remote, char *error, int error_len) {
    struct arbiter_pw *pw = calloc(1, sizeof(*pw));
    if (pw == NULL) return NULL;
    if (remote != NULL) snprintf(pw->remote, sizeof(pw->remote), "%s", remote);
    if (arbiter_graph_connect(&pw->graph, "arbiter", remote, ARBITER_GRAPH_BIND_NONE, 0, &arbiter_pw_graph_hooks, pw,
                              5000, error, error_len) != 0) {
        if (pw->error[0] != '\0') snprintf(error, error_len, "PipeWire did not answer: %s", pw->error);
        arbiter_pw_disconnect(pw);
        return NULL;
    }
    return pw;
}

void arbiter_pw_disconnect(arbiter_pw *pw) {
    if (pw == NULL) return;
    if (pw->graph.client.loop) pw_thread_loop_stop(pw->graph.client.loop);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (!pw->streams[i].used) continue;
        for (int l = 0; l < pw->streams[i].n_links; l++) pw_proxy_destroy(pw->streams[i].links[l]);
        pw_stream_destroy(pw->streams[i].stream);
    }
    for (int c = 0; c < MAX_STREAM_CONNECTIONS; c++) {
        if (pw->stream_connections[c].core) pw_core_disconnect(pw->stream_connections[c].core);
    }
    for (int c = 0; c < MAX_STREAM_CONNECTIONS; c++) {
        if (pw->stream_connections[c].context) pw_context_destroy(pw->stream_connections[c].context);
    }
    arbiter_graph_close(&pw->graph);
    free(pw);
}

int arbiter_pw_sync(arbiter_pw *pw, int timeout_ms) {
    pw_thread_loop_lock(pw->graph.client.loop);
    int result = arbiter_pw_sync_locked(pw, timeout_ms);
    pw_thread_loop_unlock(pw->graph.client.loop);
    return result;
}
int arbiter_pw_wait(arbiter_pw *pw, int timeout_ms) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct timespec deadline;
    pw_thread_loop_get_time(pw->graph.client.loop, &deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
    while (!pw->graph.client.dead) {
        if (pw_thread_loop_timed_wait_full(pw->graph.client.loop, &deadline) != 0) break;
    }
    int dead = pw->graph.client.dead;
    pw_thread_loop_unlock(pw->graph.client.loop);
    return dead ? -1 : 0;
}

/* ---- real-time scheduling ---- */

int arbiter_pw_make_thread_realtime(int priority) {
    struct sched_param param = { .sched_priority = priority };
    return pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) == 0 ? 0 : -1;
}

struct realtime_request {
    int priority;
    int result;
};

static int do_make_realtime(struct spa_loop *loop, bool async, uint32_t seq, const void *data, size_t size,
                            void *user_data) {
    struct realtime_request *request = user_data;
    request->result = arbiter_pw_make_thread_realtime(request->priority);
    return 0;
}

int arbiter_pw_make_loop_realtime(arbiter_pw *pw, int priority) {
    struct realtime_request request = { priority, -1 };
    /* A blocking invoke from outside the loop thread is made with the lock held: the wait gives it up. */
    pw_thread_loop_lock(pw->graph.client.loop);
    pw_loop_invoke(pw_thread_loop_get_loop(pw->graph.client.loop), do_make_realtime, 0, NULL, 0, true, &request);
    pw_thread_loop_unlock(pw->graph.client.loop);
    return request.result;
}

int arbiter_pw_alive(arbiter_pw *pw) {
    pw_thread_loop_lock(pw->graph.client.loop);
    int alive = !pw->graph.client.dead;
    pw_thread_loop_unlock(pw->graph.client.loop);
    return alive;
}

const char *arbiter_pw_last_error(arbiter_pw *pw) { return pw->error; }

void arbiter_pw_clear_error(arbiter_pw *pw) {
    pw_thread_loop_lock(pw->graph.client.loop);
    if (!pw->graph.client.dead) pw->error[0] = 0; /* the reason of a death stays */
    pw_thread_loop_unlock(pw->graph.client.loop);
}
