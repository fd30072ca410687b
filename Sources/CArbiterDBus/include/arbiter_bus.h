/* The session bus, over libsystemd's sd-bus: what `arbiter attach` asks of MPRIS players and the phone stack.
 *
 * Every call is synchronous with a timeout, so a peer that hangs costs at most that timeout. Functions return 0 (or a
 * count) on success and a negative errno on failure; the D-Bus error of the last failed call, if it was one, is then
 * in arbiter_bus_error(). A connection is not thread-safe: callers serialize their calls on it. */
#ifndef ARBITER_BUS_H
#define ARBITER_BUS_H

#include <stddef.h>
#include <stdint.h>

typedef struct arbiter_bus arbiter_bus;

/* Connects to the bus at `address` (a D-Bus address such as unix:path=/run/user/0/bus) as a client, with
 * `timeout_usec` for every method call that does not give its own. On failure *out is NULL. */
int arbiter_bus_open(const char *address, uint64_t timeout_usec, arbiter_bus **out);

/* Closes the connection and frees it (NULL is ignored). */
void arbiter_bus_close(arbiter_bus *bus);

/* The name and message of the last D-Bus error reply, or "" when the last failure was not one. */
const char *arbiter_bus_error_name(const arbiter_bus *bus);
const char *arbiter_bus_error_message(const arbiter_bus *bus);

/* The bus names starting with `prefix` (ListNames), as a NULL-terminated array the caller frees with
 * arbiter_bus_free_strings; returns how many. */
int arbiter_bus_list_names(arbiter_bus *bus, const char *prefix, char ***names);

/* Frees an array from arbiter_bus_list_names or a string from arbiter_bus_get_string. */
void arbiter_bus_free_strings(char **strings);
void arbiter_bus_free_string(char *string);

/* The process that owns `name` (GetConnectionUnixProcessID). */
int arbiter_bus_name_pid(arbiter_bus *bus, const char *name, uint32_t *pid);

/* A string property (org.freedesktop.DBus.Properties.Get), waiting at most `timeout_usec` (0: the bus's timeout).
 * The caller frees *value with arbiter_bus_free_string. */
int arbiter_bus_get_string(arbiter_bus *bus, const char *destination, const char *path, const char *interface,
                           const char *property, uint64_t timeout_usec, char **value);

/* A batch of string-property reads sent at once and awaited together, so peers that do not answer cost one timeout
 * between them, not one each. */
typedef struct arbiter_bus_batch arbiter_bus_batch;

/* An empty batch (NULL when out of memory); freed with arbiter_bus_batch_free. */
arbiter_bus_batch *arbiter_bus_batch_new(void);
void arbiter_bus_batch_free(arbiter_bus_batch *batch);

/* Adds a Properties.Get of a string property; returns its index in the batch, or a negative errno. */
int arbiter_bus_batch_add(arbiter_bus_batch *batch, const char *destination, const char *path, const char *interface,
                          const char *property);

/* Sends every read and waits for the answers until `timeout_usec` has passed in all; a read still unanswered then
 * fails with -ETIMEDOUT. Returns 0, or a negative errno when the connection itself failed. */
int arbiter_bus_batch_run(arbiter_bus *bus, arbiter_bus_batch *batch, uint64_t timeout_usec);

/* A read's outcome after the run: 0 and its value, or a negative errno and the D-Bus error's name ("" when the
 * failure was not an error reply). */
int arbiter_bus_batch_result(const arbiter_bus_batch *batch, int index);
const char *arbiter_bus_batch_value(const arbiter_bus_batch *batch, int index);
const char *arbiter_bus_batch_error_name(const arbiter_bus_batch *batch, int index);

/* Calls a method that takes no arguments and ignores what it returns, waiting at most `timeout_usec` (0: the bus's
 * timeout). */
int arbiter_bus_call(arbiter_bus *bus, const char *destination, const char *path, const char *interface,
                     const char *member, uint64_t timeout_usec);

/* The object paths under which `destination` has an object implementing `interface`, from
 * org.freedesktop.DBus.ObjectManager.GetManagedObjects on `manager_path`; NULL-terminated, freed with
 * arbiter_bus_free_strings; returns how many. */
int arbiter_bus_managed_objects(arbiter_bus *bus, const char *destination, const char *manager_path,
                                const char *interface, uint64_t timeout_usec, char ***paths);

/* An object-path array property (type ao), as arbiter_bus_managed_objects returns paths. */
int arbiter_bus_get_object_paths(arbiter_bus *bus, const char *destination, const char *path, const char *interface,
                                 const char *property, uint64_t timeout_usec, char ***paths);

/* An int32 property (org.freedesktop.DBus.Properties.Get), as arbiter_bus_get_string. */
int arbiter_bus_get_int32(arbiter_bus *bus, const char *destination, const char *path, const char *interface,
                          const char *property, uint64_t timeout_usec, int32_t *value);

/* Signals from `sender` (a well-known name, such as ModemManager's) and its coming and going on the bus are
 * delivered to this connection from now on, to be noticed with arbiter_bus_fd and arbiter_bus_drain. 0, or a
 * negative errno. */
int arbiter_bus_watch_sender(arbiter_bus *bus, const char *sender);

/* The connection's descriptor, for poll(): readable (POLLIN) when a message waits to be read. */
int arbiter_bus_fd(arbiter_bus *bus);

/* Reads and handles every message waiting, without blocking: how many there were (a watched signal among them
 * means the sender changed something), or a negative errno. Replies to calls made since are read by those calls. */
int arbiter_bus_drain(arbiter_bus *bus);

#endif
