/* Batches of string-property reads over sd-bus: sent at once, answered in any order, given up together. */
#include "arbiter_bus.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <systemd/sd-bus.h>

/* Shared with arbiter_bus.c: the connection behind a handle. */
sd_bus *arbiter_bus_connection(arbiter_bus *bus);

struct read {
    char *destination, *path, *interface, *property;
    sd_bus_slot *slot;
    int pending;
    int result;
    char *value;
    char error_name[256];
};

struct arbiter_bus_batch {
    struct read *reads;
    size_t count, capacity;
};

arbiter_bus_batch *arbiter_bus_batch_new(void) { return calloc(1, sizeof(arbiter_bus_batch)); }

void arbiter_bus_batch_free(arbiter_bus_batch *batch) {
    if (batch == NULL) return;
    for (size_t index = 0; index < batch->count; index++) {
        struct read *read = &batch->reads[index];
        sd_bus_slot_unref(read->slot);
        free(read->destination);
        free(read->path);
        free(read->interface);
        free(read->property);
        free(read->value);
    }
    free(batch->reads);
    free(batch);
}

int arbiter_bus_batch_add(arbiter_bus_batch *batch, const char *destination, const char *path, const char *interface,
                          const char *property) {
    if (batch->count == batch->capacity) {
        size_t capacity = batch->capacity ? batch->capacity * 2 : 16;
        struct read *larger = realloc(batch->reads, capacity * sizeof(struct read));
        if (larger == NULL) return -ENOMEM;
        batch->reads = larger;
        batch->capacity = capacity;
    }
    struct read *read = &batch->reads[batch->count];
    memset(read, 0, sizeof(*read));
    read->destination = strdup(destination);
    read->path = strdup(path);
    read->interface = strdup(interface);
    read->property = strdup(property);
    read->result = -EINPROGRESS;
    batch->count++;
    if (!read->destination || !read->path || !read->interface || !read->property) return -ENOMEM;
    return (int)(batch->count - 1);
}

static int on_reply(sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)error;
    struct read *read = data;
    read->pending = 0;
    const sd_bus_error *failure = sd_bus_message_get_error(reply);
    if (failure != NULL) {
        strncpy(read->error_name, failure->name ? failure->name : "", sizeof(read->error_name) - 1);
        int code = sd_bus_message_get_errno(reply);
        read->result = code > 0 ? -code : -EIO;
        return 0;
    }
    const char *text;
    int result = sd_bus_message_enter_container(reply, 'v', "s");
    if (result > 0) result = sd_bus_message_read_basic(reply, 's', &text);
    if (result == 0) result = -EBADMSG;
    if (result > 0) {
        read->value = strdup(text);
        result = read->value ? 0 : -ENOMEM;
    }
    read->result = result;
    return 0;
}

static uint64_t now_usec(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
}

int arbiter_bus_batch_run(arbiter_bus *handle, arbiter_bus_batch *batch, uint64_t timeout_usec) {
    sd_bus *bus = arbiter_bus_connection(handle);
    size_t pending = 0;
    for (size_t index = 0; index < batch->count; index++) {
        struct read *read = &batch->reads[index];
        int result = sd_bus_call_method_async(bus, &read->slot, read->destination, read->path,
                                              "org.freedesktop.DBus.Properties", "Get", on_reply, read, "ss",
                                              read->interface, read->property);
        if (result < 0) {
            read->result = result;
            continue;
        }
        read->pending = 1;
        pending++;
    }
    uint64_t deadline = now_usec() + timeout_usec;
    int failed = 0;
    while (pending > 0) {
        int result = sd_bus_process(bus, NULL);
        if (result < 0) { failed = result; break; }
        pending = 0;
        for (size_t index = 0; index < batch->count; index++) pending += batch->reads[index].pending;
        uint64_t now = now_usec();
        if (pending == 0 || now >= deadline) break;
        if (result > 0) continue;
        if ((result = sd_bus_wait(bus, deadline - now)) < 0) { failed = result; break; }
    }
    /* Whatever is still unanswered is given up: its slot goes, so a late answer is dropped. */
    for (size_t index = 0; index < batch->count; index++) {
        struct read *read = &batch->reads[index];
        if (read->pending) {
            read->pending = 0;
            read->result = failed ? failed : -ETIMEDOUT;
        }
        read->slot = sd_bus_slot_unref(read->slot);
    }
    return failed;
}

int arbiter_bus_batch_result(const arbiter_bus_batch *batch, int index) { return batch->reads[index].result; }

const char *arbiter_bus_batch_value(const arbiter_bus_batch *batch, int index) { return batch->reads[index].value; }

const char *arbiter_bus_batch_error_name(const arbiter_bus_batch *batch, int index) {
    return batch->reads[index].error_name;
}
