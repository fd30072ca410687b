#include "arbiter_bus.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <systemd/sd-bus.h>

struct arbiter_bus {
    sd_bus *bus;
    char error_name[256];
    char error_message[512];
};

static uint64_t now_usec(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
}

/* sd_bus_start only begins the handshake (authentication, Hello), and sd-bus would wait up to its own 90 s
 * authentication timeout for it: waits for it here, at most `timeout_usec`, so a socket where nothing answers fails
 * fast. */
static int wait_until_ready(sd_bus *bus, uint64_t timeout_usec) {
    uint64_t deadline = now_usec() + timeout_usec;
    for (;;) {
        int result = sd_bus_is_ready(bus);
        if (result != 0) return result < 0 ? result : 0;
        while ((result = sd_bus_process(bus, NULL)) > 0) {}
        if (result < 0) return result;
        if ((result = sd_bus_is_ready(bus)) != 0) return result < 0 ? result : 0;
        uint64_t now = now_usec();
        if (now >= deadline) return -ETIMEDOUT;
        if ((result = sd_bus_wait(bus, deadline - now)) < 0) return result;
    }
}

/* Drops what the bus sent unasked (NameAcquired and the like) so it does not pile up between calls. */
static void drain(sd_bus *bus) {
    while (sd_bus_process(bus, NULL) > 0) {}
}

int arbiter_bus_open(const char *address, uint64_t timeout_usec, arbiter_bus **out) {
    *out = NULL;
    if (address == NULL || *address == '\0') return -EINVAL;
    arbiter_bus *self = calloc(1, sizeof(*self));
    if (self == NULL) return -ENOMEM;
    int result = sd_bus_new(&self->bus);
    if (result >= 0) result = sd_bus_set_address(self->bus, address);
    if (result >= 0) result = sd_bus_set_bus_client(self->bus, 1);
    if (result >= 0) result = sd_bus_set_method_call_timeout(self->bus, timeout_usec);
    if (result >= 0) result = sd_bus_start(self->bus);
    if (result >= 0) result = wait_until_ready(self->bus, timeout_usec);
    if (result < 0) {
        sd_bus_unref(self->bus);
        free(self);
        return result;
    }
    *out = self;
    return 0;
}

void arbiter_bus_close(arbiter_bus *self) {
    if (self == NULL) return;
    /* No flush: every call waited for its reply, so nothing is left to send, and a flush has no timeout. */
    sd_bus_close_unref(self->bus);
    free(self);
}

/* For arbiter_bus_batch.c (not in the public header). */
sd_bus *arbiter_bus_connection(arbiter_bus *self);
sd_bus *arbiter_bus_connection(arbiter_bus *self) { return self->bus; }

const char *arbiter_bus_error_name(const arbiter_bus *self) { return self->error_name; }
const char *arbiter_bus_error_message(const arbiter_bus *self) { return self->error_message; }

/* Remembers the D-Bus error of a failed call (or forgets the last one) and passes `result` on. */
static int remember(arbiter_bus *self, sd_bus_error *error, int result) {
    self->error_name[0] = '\0';
    self->error_message[0] = '\0';
    if (result < 0 && sd_bus_error_is_set(error)) {
        strncpy(self->error_name, error->name, sizeof(self->error_name) - 1);
        if (error->message) strncpy(self->error_message, error->message, sizeof(self->error_message) - 1);
    }
    sd_bus_error_free(error);
    return result;
}

/* Calls `member` with the message built so far, waiting at most `timeout_usec` (0: the bus's default). */
static int call(arbiter_bus *self, sd_bus_message *message, uint64_t timeout_usec, sd_bus_message **reply) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    drain(self->bus);
    int result = sd_bus_call(self->bus, message, timeout_usec, &error, reply);
    sd_bus_message_unref(message);
    return remember(self, &error, result);
}

/* A Properties.Get call for one property; the reply is entered into its variant of `type`. */
static int get_property(arbiter_bus *self, const char *destination, const char *path, const char *interface,
                        const char *property, const char *type, uint64_t timeout_usec, sd_bus_message **reply) {
    sd_bus_message *message = NULL;
    int result = sd_bus_message_new_method_call(self->bus, &message, destination, path,
                                                "org.freedesktop.DBus.Properties", "Get");
    if (result >= 0) result = sd_bus_message_append(message, "ss", interface, property);
    if (result < 0) {
        sd_bus_message_unref(message);
        return result;
    }
    result = call(self, message, timeout_usec, reply);
    if (result < 0) return result;
    result = sd_bus_message_enter_container(*reply, 'v', type);
    if (result < 0) {
        *reply = sd_bus_message_unref(*reply);
        return result == 0 ? -EBADMSG : result;
    }
    return 0;
}

/* Reads an array of strings (`s`) or object paths (`o`) from `reply`, keeping those starting with `prefix`. */
static int read_strings(sd_bus_message *reply, char type, const char *prefix, char ***out) {
    char signature[2] = { type, '\0' };
    int result = sd_bus_message_enter_container(reply, 'a', signature);
    if (result <= 0) return result == 0 ? -EBADMSG : result;
    size_t count = 0, capacity = 16;
    char **strings = calloc(capacity + 1, sizeof(char *));
    if (strings == NULL) return -ENOMEM;
    const char *value;
    while ((result = sd_bus_message_read_basic(reply, type, &value)) > 0) {
        if (prefix != NULL && strncmp(value, prefix, strlen(prefix)) != 0) continue;
        if (count == capacity) {
            char **larger = realloc(strings, (capacity * 2 + 1) * sizeof(char *));
            if (larger == NULL) { result = -ENOMEM; break; }
            strings = larger;
            capacity *= 2;
        }
        strings[count] = strdup(value);
        if (strings[count] == NULL) { result = -ENOMEM; break; }
        strings[++count] = NULL;
    }
    if (result < 0) {
        strings[count] = NULL;
        arbiter_bus_free_strings(strings);
        return result;
    }
    *out = strings;
    return (int)count;
}

int arbiter_bus_list_names(arbiter_bus *self, const char *prefix, char ***names) {
    *names = NULL;
    sd_bus_message *message = NULL, *reply = NULL;
    int result = sd_bus_message_new_method_call(self->bus, &message, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus", "ListNames");
    if (result < 0) return result;
    result = call(self, message, 0, &reply);
    if (result < 0) return result;
    result = read_strings(reply, 's', prefix, names);
    sd_bus_message_unref(reply);
    return result;
}

void arbiter_bus_free_strings(char **strings) {
    if (strings == NULL) return;
    for (char **string = strings; *string; string++) free(*string);
    free(strings);
}

void arbiter_bus_free_string(char *string) { free(string); }

int arbiter_bus_name_pid(arbiter_bus *self, const char *name, uint32_t *pid) {
    sd_bus_message *message = NULL, *reply = NULL;
    int result = sd_bus_message_new_method_call(self->bus, &message, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus", "GetConnectionUnixProcessID");
    if (result >= 0) result = sd_bus_message_append(message, "s", name);
    if (result < 0) {
        sd_bus_message_unref(message);
        return result;
    }
    result = call(self, message, 0, &reply);
    if (result < 0) return result;
    result = sd_bus_message_read(reply, "u", pid);
    sd_bus_message_unref(reply);
    return result < 0 ? result : 0;
}

int arbiter_bus_get_string(arbiter_bus *self, const char *destination, const char *path, const char *interface,
                           const char *property, uint64_t timeout_usec, char **value) {
    *value = NULL;
    sd_bus_message *reply = NULL;
    int result = get_property(self, destination, path, interface, property, "s", timeout_usec, &reply);
    if (result < 0) return result;
    const char *text;
    result = sd_bus_message_read_basic(reply, 's', &text);
    if (result > 0) {
        *value = strdup(text);
        if (*value == NULL) result = -ENOMEM;
    }
    sd_bus_message_unref(reply);
    return result < 0 ? result : result == 0 ? -EBADMSG : 0;
}

int arbiter_bus_get_int32(arbiter_bus *self, const char *destination, const char *path, const char *interface,
                          const char *property, uint64_t timeout_usec, int32_t *value) {
    sd_bus_message *reply = NULL;
    int result = get_property(self, destination, path, interface, property, "i", timeout_usec, &reply);
    if (result < 0) return result;
    result = sd_bus_message_read_basic(reply, 'i', value);
    sd_bus_message_unref(reply);
    return result < 0 ? result : result == 0 ? -EBADMSG : 0;
}

int arbiter_bus_get_object_paths(arbiter_bus *self, const char *destination, const char *path, const char *interface,
                                 const char *property, uint64_t timeout_usec, char ***paths) {
    *paths = NULL;
    sd_bus_message *reply = NULL;
    int result = get_property(self, destination, path, interface, property, "ao", timeout_usec, &reply);
    if (result < 0) return result;
    result = read_strings(reply, 'o', NULL, paths);
    sd_bus_message_unref(reply);
    return result;
}

int arbiter_bus_call(arbiter_bus *self, const char *destination, const char *path, const char *interface,
                     const char *member, uint64_t timeout_usec) {
    sd_bus_message *message = NULL, *reply = NULL;
    int result = sd_bus_message_new_method_call(self->bus, &message, destination, path, interface, member);
    if (result < 0) return result;
    result = call(self, message, timeout_usec, &reply);
    sd_bus_message_unref(reply);
    return result < 0 ? result : 0;
}

/* Whether the interfaces dictionary (a{sa{sv}}) the reply is at holds `interface`; skips the dictionary. */
static int holds_interface(sd_bus_message *reply, const char *interface) {
    int result = sd_bus_message_enter_container(reply, 'a', "{sa{sv}}");
    if (result <= 0) return result == 0 ? -EBADMSG : result;
    int found = 0;
    while ((result = sd_bus_message_enter_container(reply, 'e', "sa{sv}")) > 0) {
        const char *name;
        result = sd_bus_message_read_basic(reply, 's', &name);
        if (result <= 0) return result == 0 ? -EBADMSG : result;
        if (strcmp(name, interface) == 0) found = 1;
        if ((result = sd_bus_message_skip(reply, "a{sv}")) < 0) return result;
        if ((result = sd_bus_message_exit_container(reply)) < 0) return result;
    }
    if (result < 0) return result;
    result = sd_bus_message_exit_container(reply);
    return result < 0 ? result : found;
}

int arbiter_bus_managed_objects(arbiter_bus *self, const char *destination, const char *manager_path,
                                const char *interface, uint64_t timeout_usec, char ***paths) {
    *paths = NULL;
    sd_bus_message *message = NULL, *reply = NULL;
    int result = sd_bus_message_new_method_call(self->bus, &message, destination, manager_path,
                                                "org.freedesktop.DBus.ObjectManager", "GetManagedObjects");
    if (result < 0) return result;
    result = call(self, message, timeout_usec, &reply);
    if (result < 0) return result;
    size_t count = 0, capacity = 8;
    char **found = calloc(capacity + 1, sizeof(char *));
    if (found == NULL) result = -ENOMEM;
    if (result >= 0) result = sd_bus_message_enter_container(reply, 'a', "{oa{sa{sv}}}");
    while (result >= 0 && (result = sd_bus_message_enter_container(reply, 'e', "oa{sa{sv}}")) > 0) {
        const char *path;
        if ((result = sd_bus_message_read_basic(reply, 'o', &path)) <= 0) {
            result = result ? result : -EBADMSG;
            break;
        }
        char *copy = strdup(path);
        int holds = copy ? holds_interface(reply, interface) : -ENOMEM;
        if (holds <= 0) free(copy);
        if (holds < 0) { result = holds; break; }
        if (holds > 0) {
            if (count == capacity) {
                char **larger = realloc(found, (capacity * 2 + 1) * sizeof(char *));
                if (larger == NULL) { free(copy); result = -ENOMEM; break; }
                found = larger;
                capacity *= 2;
            }
            found[count++] = copy;
            found[count] = NULL;
        }
        if ((result = sd_bus_message_exit_container(reply)) < 0) break;
    }
    sd_bus_message_unref(reply);
    if (result < 0) {
        arbiter_bus_free_strings(found);
        return result;
    }
    *paths = found;
    return (int)count;
}

/* ---- watching a sender's signals ---- */

/* A watched signal needs no handling here: that it came is what arbiter_bus_drain counts. */
static int on_watched_signal(sd_bus_message *message, void *userdata, sd_bus_error *error) { return 0; }

int arbiter_bus_watch_sender(arbiter_bus *self, const char *sender) {
    char rule[512];
    snprintf(rule, sizeof(rule), "type='signal',sender='%s'", sender);
    int result = sd_bus_add_match(self->bus, NULL, rule, on_watched_signal, NULL);
    if (result < 0) return result;
    snprintf(rule, sizeof(rule),
             "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
             "member='NameOwnerChanged',arg0='%s'",
             sender);
    result = sd_bus_add_match(self->bus, NULL, rule, on_watched_signal, NULL);
    return result < 0 ? result : 0;
}

int arbiter_bus_fd(arbiter_bus *self) { return sd_bus_get_fd(self->bus); }

int arbiter_bus_drain(arbiter_bus *self) {
    int handled = 0;
    for (;;) {
        int result = sd_bus_process(self->bus, NULL);
        if (result < 0) return result;
        if (result == 0) return handled;
        handled++;
    }
}
