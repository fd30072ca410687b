/* The stand-in sound card (--device): a device exported to the daemon (SPA_TYPE_INTERFACE_Device) that publishes
 * its output routes as ALSA's devices do, a speaker that is always there and headphones behind a jack. Plugging or
 * pulling the jack (SIGUSR1) changes the headphones route's availability, and the active output route with it, as a
 * session manager switches it; no node comes or goes. See standin.h. */
#include "standin.h"

#include <errno.h>
#include <string.h>

#include <spa/monitor/device.h>
#include <spa/monitor/utils.h>
#include <spa/param/param.h>
#include <spa/param/route.h>
#include <spa/pod/builder.h>
#include <spa/utils/result.h>

enum { ROUTE_SPEAKER, ROUTE_HEADPHONES, N_ROUTES };

static const struct {
    const char *name, *description, *port_type;
    int priority;
} routes[N_ROUTES] = {
    [ROUTE_SPEAKER] = { "analog-output-speaker", "Speaker", "speaker", 100 },
    [ROUTE_HEADPHONES] = { "analog-output-headphones", "Headphones", "headphones", 200 },
};

/* The active output route: the headphones while plugged in, else the speaker. */
static int active_route(const struct fake_device *device) {
    return device->plugged ? ROUTE_HEADPHONES : ROUTE_SPEAKER;
}

/* A route as EnumRoute lists it (`active` 0) or as Route says which one is in use (`active` 1). */
static struct spa_pod *build_route(struct fake_device *device, struct spa_pod_builder *b, uint32_t id, int index) {
    struct spa_pod_frame frame[2];
    uint32_t available = index == ROUTE_HEADPHONES && !device->plugged ? SPA_PARAM_AVAILABILITY_no
                                                                       : SPA_PARAM_AVAILABILITY_yes;
    spa_pod_builder_push_object(b, &frame[0], SPA_TYPE_OBJECT_ParamRoute, id);
    spa_pod_builder_add(b, SPA_PARAM_ROUTE_index, SPA_POD_Int(index), SPA_PARAM_ROUTE_direction,
                        SPA_POD_Id(SPA_DIRECTION_OUTPUT), SPA_PARAM_ROUTE_name, SPA_POD_String(routes[index].name),
                        SPA_PARAM_ROUTE_description, SPA_POD_String(routes[index].description),
                        SPA_PARAM_ROUTE_priority, SPA_POD_Int(routes[index].priority), SPA_PARAM_ROUTE_available,
                        SPA_POD_Id(available), 0);
    spa_pod_builder_prop(b, SPA_PARAM_ROUTE_info, 0);
    spa_pod_builder_push_struct(b, &frame[1]);
    spa_pod_builder_int(b, 1);
    spa_pod_builder_add(b, SPA_POD_String("port.type"), SPA_POD_String(routes[index].port_type), NULL);
    spa_pod_builder_pop(b, &frame[1]);
    if (id == SPA_PARAM_Route) spa_pod_builder_add(b, SPA_PARAM_ROUTE_device, SPA_POD_Int(0), 0);
    return spa_pod_builder_pop(b, &frame[0]);
}

static void emit_info(struct fake_device *device, struct spa_hook_list *hooks, bool full) {
    struct spa_dict_item items[] = {
        { SPA_KEY_DEVICE_API, "alsa" },
        { "media.class", "Audio/Device" },
        { SPA_KEY_DEVICE_NAME, device->owner->name },
        { SPA_KEY_DEVICE_DESCRIPTION, device->owner->name },
    };
    struct spa_dict props = SPA_DICT_INIT_ARRAY(items);
    struct spa_device_info info = SPA_DEVICE_INFO_INIT();
    info.change_mask = SPA_DEVICE_CHANGE_MASK_PARAMS | (full ? SPA_DEVICE_CHANGE_MASK_PROPS : 0);
    info.props = &props;
    info.params = device->params;
    info.n_params = SPA_N_ELEMENTS(device->params);
    spa_device_emit_info(hooks, &info);
}

static int device_add_listener(void *object, struct spa_hook *listener, const struct spa_device_events *events,
                               void *data) {
    struct fake_device *device = object;
    struct spa_hook_list save;
    spa_hook_list_isolate(&device->hooks, &save, listener, events, data);
    emit_info(device, &device->hooks, true);
    spa_hook_list_join(&device->hooks, &save);
    return 0;
}

static int device_sync(void *object, int seq) {
    struct fake_device *device = object;
    spa_device_emit_result(&device->hooks, seq, 0, 0, NULL);
    return 0;
}

static int device_enum_params(void *object, int seq, uint32_t id, uint32_t start, uint32_t max,
                              const struct spa_pod *filter) {
    struct fake_device *device = object;
    if (id != SPA_PARAM_EnumRoute && id != SPA_PARAM_Route) return -ENOENT;
    uint32_t count = 0;
    for (uint32_t index = start; index < N_ROUTES && count < max; index++) {
        if (id == SPA_PARAM_Route && (int)index != active_route(device)) continue;
        uint8_t buffer[1024];
        struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
        struct spa_result_device_params result = { id, index, index + 1, build_route(device, &b, id, index) };
        spa_device_emit_result(&device->hooks, seq, 0, SPA_RESULT_TYPE_DEVICE_PARAMS, &result);
        count++;
    }
    return 0;
}

/* A session manager choosing a route: the route in use stays the one the jack decides. */
static int device_set_param(void *object, uint32_t id, uint32_t flags, const struct spa_pod *param) {
    return id == SPA_PARAM_Route ? 0 : -ENOENT;
}

static const struct spa_device_methods device_methods = {
    SPA_VERSION_DEVICE_METHODS,
    .add_listener = device_add_listener,
    .sync = device_sync,
    .enum_params = device_enum_params,
    .set_param = device_set_param,
};

int export_device(struct standin *self, bool plugged) {
    struct fake_device *device = &self->device;
    device->owner = self;
    device->plugged = plugged;
    spa_hook_list_init(&device->hooks);
    device->params[0] = SPA_PARAM_INFO(SPA_PARAM_EnumRoute, SPA_PARAM_INFO_READ);
    device->params[1] = SPA_PARAM_INFO(SPA_PARAM_Route, SPA_PARAM_INFO_READWRITE);
    device->device.iface = SPA_INTERFACE_INIT(SPA_TYPE_INTERFACE_Device, SPA_VERSION_DEVICE, &device_methods, device);
    /* The global carries these from the start, as a session manager's devices do. */
    struct spa_dict_item items[] = {
        { SPA_KEY_DEVICE_API, "alsa" },
        { "media.class", "Audio/Device" },
        { SPA_KEY_DEVICE_NAME, self->name },
        { SPA_KEY_DEVICE_DESCRIPTION, self->name },
    };
    struct spa_dict props = SPA_DICT_INIT_ARRAY(items);
    device->proxy = pw_core_export(self->core, SPA_TYPE_INTERFACE_Device, &props, &device->device, 0);
    if (device->proxy == NULL) return -errno;
    say(self, "device %s", plugged ? "plugged" : "unplugged");
    return 0;
}

void toggle_jack(struct standin *self) {
    struct fake_device *device = &self->device;
    device->plugged = !device->plugged;
    /* Both params changed: the serial flag flipped tells the daemon, and through it every subscriber, to
     * enumerate them again. */
    for (int i = 0; i < 2; i++) device->params[i].flags ^= SPA_PARAM_INFO_SERIAL;
    emit_info(device, &device->hooks, false);
    say(self, "jack %s", device->plugged ? "plugged" : "unplugged");
}
