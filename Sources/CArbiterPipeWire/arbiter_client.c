/* See arbiter_client.h. */
#include "arbiter_client.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

struct pw_properties *arbiter_context_properties(void) {
    return pw_properties_new("default.clock.quantum-limit", ARBITER_QUANTUM_LIMIT, NULL);
}

int arbiter_client_open(struct pw_thread_loop **loop, struct pw_context **context, struct pw_core **core,
                        const char *thread_name, const char *app_name, const char *remote, char *error,
                        int error_len) {
    pw_init(NULL, NULL);
    *loop = pw_thread_loop_new(thread_name, NULL);
    *context = *loop ? pw_context_new(pw_thread_loop_get_loop(*loop), arbiter_context_properties(), 0) : NULL;
    if (*context == NULL) {
        snprintf(error, error_len, "cannot create a PipeWire context");
        return -1;
    }
    pw_thread_loop_lock(*loop);
    pw_thread_loop_start(*loop);
    struct pw_properties *props = pw_properties_new(PW_KEY_APP_NAME, app_name, NULL);
    if (remote != NULL) pw_properties_set(props, PW_KEY_REMOTE_NAME, remote);
    *core = pw_context_connect(*context, props, 0);
    if (*core == NULL) {
        snprintf(error, error_len, "cannot connect to PipeWire (%s): %s", remote ? remote : "default", strerror(errno));
        pw_thread_loop_unlock(*loop);
        return -1;
    }
    return 0;
}

void arbiter_client_close(struct pw_thread_loop *loop, struct pw_context *context, struct pw_core *core) {
    if (core) pw_core_disconnect(core);
    if (context) pw_context_destroy(context);
    if (loop) pw_thread_loop_destroy(loop);
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
