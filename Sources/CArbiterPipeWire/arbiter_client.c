/* See arbiter_client.h. */
#include "arbiter_client.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

struct pw_properties *arbiter_context_properties(void) {
    return pw_properties_new("default.clock.quantum-limit", ARBITER_QUANTUM_LIMIT, NULL);
}

int arbiter_client_connect(struct arbiter_client *client, const char *thread_name, const char *app_name,
                           const char *remote, const struct pw_core_events *core_events,
                           const struct pw_registry_events *registry_events, void *data, char *error, int error_len) {
    pw_init(NULL, NULL);
    client->loop = pw_thread_loop_new(thread_name, NULL);
    struct pw_loop *loop = client->loop ? pw_thread_loop_get_loop(client->loop) : NULL;
    client->context = loop ? pw_context_new(loop, arbiter_context_properties(), 0) : NULL;
    if (client->context == NULL) {
        snprintf(error, error_len, "cannot create a PipeWire context");
        return -1;
    }
    pw_thread_loop_lock(client->loop);
    pw_thread_loop_start(client->loop);
    struct pw_properties *props = pw_properties_new(PW_KEY_APP_NAME, app_name, NULL);
    if (remote != NULL) pw_properties_set(props, PW_KEY_REMOTE_NAME, remote);
    client->core = pw_context_connect(client->context, props, 0);
    if (client->core == NULL) {
        snprintf(error, error_len, "cannot connect to PipeWire (%s): %s", remote ? remote : "default", strerror(errno));
        pw_thread_loop_unlock(client->loop);
        return -1;
    }
    pw_core_add_listener(client->core, &client->core_listener, core_events, data);
    client->registry = pw_core_get_registry(client->core, PW_VERSION_REGISTRY, 0);
    pw_registry_add_listener(client->registry, &client->registry_listener, registry_events, data);
    return 0;
}

void arbiter_client_close(struct arbiter_client *client) {
    if (client->registry) pw_proxy_destroy((struct pw_proxy *)client->registry);
    if (client->core) pw_core_disconnect(client->core);
    if (client->context) pw_context_destroy(client->context);
    if (client->loop) pw_thread_loop_destroy(client->loop);
}

void arbiter_client_deadline(struct arbiter_client *client, struct timespec *deadline, int timeout_ms) {
    pw_thread_loop_get_time(client->loop, deadline, (int64_t)timeout_ms * SPA_NSEC_PER_MSEC);
}

int arbiter_client_round_trip(struct arbiter_client *client, struct timespec *deadline) {
    if (client->dead) return -1;
    arbiter_sync_send(&client->sync, client->core);
    return arbiter_sync_wait(&client->sync, client->loop, &client->dead, deadline);
}

void arbiter_sync_send(struct arbiter_sync *sync, struct pw_core *core) {
    sync->done = 0;
    sync->pending_seq = pw_core_sync(core, PW_ID_CORE, sync->pending_seq);
}

void arbiter_sync_answered(struct arbiter_sync *sync, struct pw_thread_loop *loop, uint32_t id, int seq) {
    if (id == PW_ID_CORE && seq == sync->pending_seq) {
        sync->done = 1;
        pw_thread_loop_signal(loop, false);
    }
}

int arbiter_sync_wait(struct arbiter_sync *sync, struct pw_thread_loop *loop, const int *dead,
                      struct timespec *deadline) {
    while (!sync->done && !*dead) {
        if (pw_thread_loop_timed_wait_full(loop, deadline) != 0) return -1;
    }
    return *dead ? -1 : 0;
}
