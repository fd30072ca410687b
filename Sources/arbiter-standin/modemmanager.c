/* A fake ModemManager for the stand-in's --modemmanager: the part of org.freedesktop.ModemManager1 that tells
 * whether a voice call is ringing or active. An ObjectManager at /org/freedesktop/ModemManager1 lists one modem,
 * Modem/0, with the Modem.Voice interface; its Calls property lists Call/1 while there is a call, whose Call.State
 * is ModemManager's MMCallState (3 ringing-in, 4 active). Each change logs `call <state>`. */
#include <string.h>

#include "standin.h"

#define MM_NAME "org.freedesktop.ModemManager1"
#define MM_PATH "/org/freedesktop/ModemManager1"
#define MODEM_PATH MM_PATH "/Modem/0"
#define CALL_PATH MM_PATH "/Call/1"
#define VOICE_INTERFACE MM_NAME ".Modem.Voice"
#define CALL_INTERFACE MM_NAME ".Call"

enum { CALL_NONE = 0, CALL_RINGING_IN = 3, CALL_ACTIVE = 4 };

static const char *state_word(int state) {
    switch (state) {
    case CALL_RINGING_IN: return "ringing";
    case CALL_ACTIVE: return "active";
    default: return "none";
    }
}

int call_state_named(const char *name) {
    if (strcmp(name, "none") == 0) return CALL_NONE;
    if (strcmp(name, "ringing") == 0) return CALL_RINGING_IN;
    if (strcmp(name, "active") == 0) return CALL_ACTIVE;
    return -1;
}

static int calls_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                          sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    struct standin *self = data;
    if (self->modem.call_state == CALL_NONE) return sd_bus_message_append(reply, "ao", 0);
    return sd_bus_message_append(reply, "ao", 1, CALL_PATH);
}

static int list_calls(sd_bus_message *message, void *data, sd_bus_error *error) {
    (void)error;
    struct standin *self = data;
    if (self->modem.call_state == CALL_NONE) return sd_bus_reply_method_return(message, "ao", 0);
    return sd_bus_reply_method_return(message, "ao", 1, CALL_PATH);
}

static int state_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                          sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)error;
    struct standin *self = data;
    return sd_bus_message_append(reply, "i", self->modem.call_state);
}

static int direction_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                              sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)data; (void)error;
    return sd_bus_message_append(reply, "i", 1); /* MM_CALL_DIRECTION_INCOMING */
}

static const sd_bus_vtable voice_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("ListCalls", "", "ao", list_calls, 0),
    SD_BUS_PROPERTY("Calls", "ao", calls_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable call_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("State", "i", state_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Direction", "i", direction_property, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END
};

/* Puts the call object on the bus, or takes it off, to match the call state. */
static int publish_call(struct standin *self) {
    bool wanted = self->modem.call_state != CALL_NONE;
    if (wanted && self->modem.call == NULL)
        return sd_bus_add_object_vtable(self->bus, &self->modem.call, CALL_PATH, CALL_INTERFACE, call_vtable, self);
    if (!wanted && self->modem.call != NULL) self->modem.call = sd_bus_slot_unref(self->modem.call);
    return 0;
}

int serve_modemmanager(struct standin *self, int call_state) {
    self->modem.call_state = call_state;
    int result = sd_bus_add_object_manager(self->bus, &self->modem.manager, MM_PATH);
    if (result >= 0)
        result = sd_bus_add_object_vtable(self->bus, &self->modem.voice, MODEM_PATH, VOICE_INTERFACE, voice_vtable,
                                          self);
    if (result >= 0) result = publish_call(self);
    if (result >= 0) result = sd_bus_request_name(self->bus, MM_NAME, 0);
    if (result >= 0) say(self, "call %s", state_word(call_state));
    return result;
}

void advance_call(struct standin *self) {
    int next = self->modem.call_state == CALL_NONE ? CALL_RINGING_IN
             : self->modem.call_state == CALL_RINGING_IN ? CALL_ACTIVE : CALL_NONE;
    bool existed = self->modem.call != NULL;
    self->modem.call_state = next;
    publish_call(self);
    say(self, "call %s", state_word(next));
    if (existed && next != CALL_NONE)
        sd_bus_emit_properties_changed(self->bus, CALL_PATH, CALL_INTERFACE, "State", NULL);
    sd_bus_emit_properties_changed(self->bus, MODEM_PATH, VOICE_INTERFACE, "Calls", NULL);
}
