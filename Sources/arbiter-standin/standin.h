/* The stand-in program's state, shared by its parts: the stream and MPRIS (standin.c) and the fake ModemManager
 * (modemmanager.c). */
#ifndef ARBITER_STANDIN_H
#define ARBITER_STANDIN_H

#include <stdbool.h>
#include <stdio.h>

#include <pipewire/pipewire.h>
#include <spa/monitor/device.h>
#include <systemd/sd-bus.h>

#define RATE 48000

/* The one voice call the fake ModemManager has, as ModemManager's MMCallState (0 when there is none). */
struct fake_modem {
    int call_state;
    sd_bus_slot *manager;
    sd_bus_slot *voice;
    sd_bus_slot *call;
};

/* The stand-in sound card (--device): the exported device and its jack (device.c). */
struct fake_device {
    struct spa_device device;
    struct spa_hook_list hooks;
    struct spa_param_info params[2]; /* EnumRoute, Route */
    bool plugged;
    struct pw_proxy *proxy;
    struct standin *owner;
};

struct standin {
    struct pw_main_loop *main_loop;
    struct pw_context *context;
    struct pw_core *core;
    struct spa_hook core_listener;
    struct pw_stream *stream;
    struct spa_hook stream_listener;
    FILE *log;
    const char *name;
    int channels;
    bool silent;
    bool ready;
    double phase;
    bool active;                /* what the stream was last told by pw_stream_set_active */
    const char *status;         /* MPRIS PlaybackStatus */
    sd_bus *bus;
    sd_bus_slot *vtable_root;
    sd_bus_slot *vtable_player;
    struct spa_source *bus_source;
    char bus_name[128];
    struct fake_modem modem;
    struct fake_device device;
    int exit_status;
};

/* Writes one line to the log and flushes it. */
void say(struct standin *self, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Serves a fake ModemManager on the stand-in's bus: owns org.freedesktop.ModemManager1, with one voice-capable
 * modem and a call in `call_state` (0: none). Returns 0 or a negative errno. */
int serve_modemmanager(struct standin *self, int call_state);

/* The next call state: none -> ringing-in -> active -> none (the call gone). */
void advance_call(struct standin *self);

/* The MMCallState for a --call word (none, ringing, active), or -1. */
int call_state_named(const char *name);

/* Exports the stand-in sound card, its headphones jack plugged or not. 0, or a negative errno. */
int export_device(struct standin *self, bool plugged);

/* Plugs or pulls the jack: the headphones route's availability and the active route change. */
void toggle_jack(struct standin *self);

#endif
