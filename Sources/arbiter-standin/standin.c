/*
 * arbiter-standin: a stand-in program for the live tests. It plays a quiet sine through one PipeWire playback
 * stream with the properties it is given, answers MPRIS on the session bus if asked, and logs everything it is told
 * or does, so a test can see what another client (Arbiter, WirePlumber, pw-cli) did to it.
 *
 * Usage: arbiter-standin --name NAME [--role ROLE] [--category CAT] [--mpris] [--log FILE] [--channels N]
 *                        [--remote NAME] [--silent] [--modemmanager] [--call none|ringing|active]
 *                        [--device [--plugged]]
 *
 *   --name      application.name, node.name and the stream's name; required
 *   --role      media.role (none when not given)
 *   --category  media.category (default Playback)
 *   --mpris     own org.mpris.MediaPlayer2.arbiter_standin.instance<PID> on $DBUS_SESSION_BUS_ADDRESS and serve
 *               /org/mpris/MediaPlayer2 (org.mpris.MediaPlayer2, org.mpris.MediaPlayer2.Player)
 *   --log       where the log goes (default stderr); the file is created or truncated
 *   --channels  channel count (default 2)
 *   --remote    the PipeWire remote to connect to (default: PIPEWIRE_REMOTE, then pipewire-0)
 *   --silent    play silence instead of the sine
 *   --modemmanager  also stand in for ModemManager on the same bus: own org.freedesktop.ModemManager1 with one
 *               voice modem (modemmanager.c); SIGHUP moves its call none -> ringing -> active -> none
 *   --call      the call it starts with (implies --modemmanager; default none)
 *   --device    stand in for a sound card instead of playing: export a device whose output routes are a speaker
 *               and headphones behind a jack (see device.c), the jack pulled
 *   --plugged   with --device: the jack starts plugged in
 *
 * Signals: SIGTERM and SIGINT end it (status 0). SIGUSR1 is the user pressing pause/play in the program: it toggles
 * the stream's activity and the MPRIS PlaybackStatus (with PropertiesChanged). SIGUSR2 toggles the stream's activity
 * only, leaving PlaybackStatus as it was (a program whose own idea of its state diverges from its stream's). SIGHUP
 * moves the fake ModemManager's call on (with --modemmanager; ignored otherwise). With --device, SIGUSR1 plugs or
 * pulls the jack instead (logged as `jack plugged` and `jack unplugged`).
 *
 * Log format: one line per event, flushed at once; words separated by single spaces.
 *   ready pid=<pid> node=<node id>          the stream reached streaming for the first time
 *   state <old> -> <new>                     pw_stream state change (unconnected, connecting, paused, streaming,
 *                                            error), with `error <message>` appended when there is one
 *   control <name> <value> [<value>...]      a control_info callback: <name> is the SPA Props key (volume, mute,
 *                                            channelVolumes, softVolumes, softMute, ...), values as "%.6f"; the
 *                                            volumes as the stream sees them. A change made from outside with
 *                                            pw-cli set-param <node> Props '{ channelVolumes: [...] }' shows up
 *                                            here as `control channelVolumes ...`, a softVolumes change as
 *                                            `control softVolumes ...` (see on_control_info).
 *   mpris <Method>                           an MPRIS method call (Play, Pause, PlayPause, Stop, Next, Previous,
 *                                            Raise, Quit)
 *   user pause | user play                   SIGUSR1
 *   user stream-pause | user stream-play     SIGUSR2
 *   status <old> -> <new>                    the MPRIS PlaybackStatus changed (Playing, Paused, Stopped)
 *   call none | call ringing | call active   the fake ModemManager's call (at start, and on each SIGHUP)
 *   bus name=<well-known name>               the MPRIS name is owned (before `ready`)
 *   exit <reason>                            SIGTERM, SIGINT or why it failed (status 1); the stream's last state
 *                                            changes may follow it
 *
 * With no session manager on the daemon nothing links the stream: it stays paused (and has no ports) until a
 * client sets its PortConfig and links it, as WirePlumber would.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pipewire/pipewire.h>
#include <spa/param/audio/format-utils.h>
#include <spa/param/props.h>
#include <spa/debug/types.h>
#include <spa/utils/type-info.h>
#include <systemd/sd-bus.h>

#include "standin.h"

#include <spa/utils/result.h>

#define MPRIS_PATH "/org/mpris/MediaPlayer2"
#define MPRIS_ROOT "org.mpris.MediaPlayer2"
#define MPRIS_PLAYER "org.mpris.MediaPlayer2.Player"

void say(struct standin *self, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vfprintf(self->log, format, arguments);
    va_end(arguments);
    fputc('\n', self->log);
    fflush(self->log);
}

static void quit(struct standin *self, int status, const char *reason) {
    say(self, "exit %s", reason);
    self->exit_status = status;
    pw_main_loop_quit(self->main_loop);
}

/* MARK: The stream */

static void on_process(void *data) {
    struct standin *self = data;
    struct pw_buffer *buffer = pw_stream_dequeue_buffer(self->stream);
    if (buffer == NULL) return;
    struct spa_buffer *spa = buffer->buffer;
    float *samples = spa->datas[0].data;
    if (samples == NULL) return;
    uint32_t stride = sizeof(float) * self->channels;
    uint32_t frames = spa->datas[0].maxsize / stride;
    if (buffer->requested != 0 && buffer->requested < frames) frames = buffer->requested;
    for (uint32_t frame = 0; frame < frames; frame++) {
        float value = self->silent ? 0.0f : (float)(0.05 * sin(self->phase));
        self->phase += 2.0 * M_PI * 440.0 / RATE;
        if (self->phase >= 2.0 * M_PI) self->phase -= 2.0 * M_PI;
        for (int channel = 0; channel < self->channels; channel++) samples[frame * self->channels + channel] = value;
    }
    spa->datas[0].chunk->offset = 0;
    spa->datas[0].chunk->stride = stride;
    spa->datas[0].chunk->size = frames * stride;
    pw_stream_queue_buffer(self->stream, buffer);
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    struct standin *self = data;
    if (error != NULL)
        say(self, "state %s -> %s error %s", pw_stream_state_as_string(old), pw_stream_state_as_string(state), error);
    else
        say(self, "state %s -> %s", pw_stream_state_as_string(old), pw_stream_state_as_string(state));
    if (state == PW_STREAM_STATE_STREAMING && !self->ready) {
        self->ready = true;
        say(self, "ready pid=%d node=%u", (int)getpid(), pw_stream_get_node_id(self->stream));
    }
    if (state == PW_STREAM_STATE_ERROR) quit(self, 1, "stream error");
}

/* The control's SPA Props key (channelVolumes, softVolumes, ...), or its display name with spaces made '-'. */
static void control_name(uint32_t id, const char *display, char *out, size_t size) {
    const char *key = spa_debug_type_find_short_name(spa_type_props, id);
    if (key != NULL && strcmp(key, "unknown") != 0) {
        snprintf(out, size, "%s", key);
        return;
    }
    snprintf(out, size, "%s", display ? display : "unknown");
    for (char *c = out; *c; c++) if (*c == ' ') *c = '-';
}

/* Every control the stream reports, as it reports it. Once its ports are configured the stream reports volume,
 * mute, channelVolumes, softMute, softVolumes, monitorMute and monitorVolumes (the first reports, before that, carry
 * no values). A Props change made from outside reaches it under the key it was written with: pw-cli set-param <node>
 * Props '{ softVolumes: [0.3, 0.3] }' logs `control softVolumes 0.300000 0.300000` and nothing else, likewise for
 * channelVolumes, volume and monitorVolumes (observed, PipeWire 0.3.65). */
static void on_control_info(void *data, uint32_t id, const struct pw_stream_control *control) {
    struct standin *self = data;
    char name[64];
    control_name(id, control->name, name, sizeof(name));
    char line[512];
    int length = snprintf(line, sizeof(line), "control %s", name);
    for (uint32_t index = 0; index < control->n_values && length < (int)sizeof(line) - 16; index++)
        length += snprintf(line + length, sizeof(line) - length, " %.6f", control->values[index]);
    say(self, "%s", line);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .control_info = on_control_info,
    .process = on_process,
};

static void set_active(struct standin *self, bool active) {
    if (self->active == active) return;
    self->active = active;
    pw_stream_set_active(self->stream, active);
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void)seq;
    struct standin *self = data;
    if (id == PW_ID_CORE && res == -EPIPE) quit(self, 1, "disconnected from PipeWire");
    else if (id == PW_ID_CORE) say(self, "core-error %d %s", res, message ? message : "");
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .error = on_core_error,
};

/* MARK: MPRIS */

static void set_status(struct standin *self, const char *status) {
    if (strcmp(self->status, status) == 0) return;
    say(self, "status %s -> %s", self->status, status);
    self->status = status;
    if (self->bus != NULL)
        sd_bus_emit_properties_changed(self->bus, MPRIS_PATH, MPRIS_PLAYER, "PlaybackStatus", NULL);
}

static void play(struct standin *self) {
    set_status(self, "Playing");
    set_active(self, true);
}

static void pause_as(struct standin *self, const char *status) {
    set_status(self, status);
    set_active(self, false);
}

static int method(sd_bus_message *message, void *data, sd_bus_error *error) {
    (void)error;
    struct standin *self = data;
    const char *member = sd_bus_message_get_member(message);
    say(self, "mpris %s", member);
    if (strcmp(member, "Play") == 0) play(self);
    else if (strcmp(member, "Pause") == 0) { if (strcmp(self->status, "Playing") == 0) pause_as(self, "Paused"); }
    else if (strcmp(member, "Stop") == 0) pause_as(self, "Stopped");
    else if (strcmp(member, "PlayPause") == 0) {
        if (strcmp(self->status, "Playing") == 0) pause_as(self, "Paused");
        else play(self);
    }
    else if (strcmp(member, "Quit") == 0) quit(self, 0, "mpris Quit");
    return sd_bus_reply_method_return(message, NULL);
}

static int property_string(sd_bus *bus, const char *path, const char *interface, const char *property,
                           sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)error;
    struct standin *self = data;
    if (strcmp(property, "Identity") == 0) return sd_bus_message_append(reply, "s", self->name);
    if (strcmp(property, "PlaybackStatus") == 0) return sd_bus_message_append(reply, "s", self->status);
    return sd_bus_message_append(reply, "s", "");
}

static int property_true(sd_bus *bus, const char *path, const char *interface, const char *property,
                         sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)data; (void)error;
    return sd_bus_message_append(reply, "b", 1);
}

static int property_false(sd_bus *bus, const char *path, const char *interface, const char *property,
                          sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)data; (void)error;
    return sd_bus_message_append(reply, "b", 0);
}

static int property_no_strings(sd_bus *bus, const char *path, const char *interface, const char *property,
                               sd_bus_message *reply, void *data, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface; (void)property; (void)data; (void)error;
    return sd_bus_message_append(reply, "as", 0);
}

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Raise", "", "", method, 0),
    SD_BUS_METHOD("Quit", "", "", method, 0),
    SD_BUS_PROPERTY("CanQuit", "b", property_false, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanRaise", "b", property_false, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("HasTrackList", "b", property_false, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("Identity", "s", property_string, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedUriSchemes", "as", property_no_strings, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("SupportedMimeTypes", "as", property_no_strings, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Play", "", "", method, 0),
    SD_BUS_METHOD("Pause", "", "", method, 0),
    SD_BUS_METHOD("PlayPause", "", "", method, 0),
    SD_BUS_METHOD("Stop", "", "", method, 0),
    SD_BUS_METHOD("Next", "", "", method, 0),
    SD_BUS_METHOD("Previous", "", "", method, 0),
    SD_BUS_PROPERTY("PlaybackStatus", "s", property_string, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("CanPlay", "b", property_true, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanPause", "b", property_true, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanControl", "b", property_true, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanGoNext", "b", property_false, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanGoPrevious", "b", property_false, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_PROPERTY("CanSeek", "b", property_false, 0, SD_BUS_VTABLE_PROPERTY_CONST),
    SD_BUS_VTABLE_END
};

/* The bus's poll events as the loop's io mask; always readable, as everything it handles is short. */
static uint32_t bus_mask(sd_bus *bus) {
    int events = sd_bus_get_events(bus);
    uint32_t mask = SPA_IO_IN;
    if (events & POLLIN) mask |= SPA_IO_IN;
    if (events & POLLOUT) mask |= SPA_IO_OUT;
    return mask;
}

static void on_bus_io(void *data, int fd, uint32_t mask) {
    (void)fd; (void)mask;
    struct standin *self = data;
    int result;
    while ((result = sd_bus_process(self->bus, NULL)) > 0) {}
    if (result < 0) {
        quit(self, 1, "session bus lost");
        return;
    }
    pw_loop_update_io(pw_main_loop_get_loop(self->main_loop), self->bus_source, bus_mask(self->bus));
}

/* After anything that may queue a message (PropertiesChanged), lets the loop write it out. */
static void bus_flush_later(struct standin *self) {
    if (self->bus_source == NULL) return;
    pw_loop_update_io(pw_main_loop_get_loop(self->main_loop), self->bus_source, bus_mask(self->bus));
}

/* Connects to the session bus and serves what was asked: MPRIS, the fake ModemManager, or both. */
static int start_bus(struct standin *self, bool mpris, bool modemmanager, int call_state) {
    const char *address = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (address == NULL || *address == '\0') {
        say(self, "exit %s needs DBUS_SESSION_BUS_ADDRESS", mpris ? "--mpris" : "--modemmanager");
        return -1;
    }
    int result = sd_bus_new(&self->bus);
    if (result >= 0) result = sd_bus_set_address(self->bus, address);
    if (result >= 0) result = sd_bus_set_bus_client(self->bus, 1);
    if (result >= 0) result = sd_bus_start(self->bus);
    snprintf(self->bus_name, sizeof(self->bus_name), "org.mpris.MediaPlayer2.arbiter_standin.instance%d",
             (int)getpid());
    if (result >= 0 && mpris)
        result = sd_bus_add_object_vtable(self->bus, &self->vtable_root, MPRIS_PATH, MPRIS_ROOT, root_vtable, self);
    if (result >= 0 && mpris)
        result = sd_bus_add_object_vtable(self->bus, &self->vtable_player, MPRIS_PATH, MPRIS_PLAYER, player_vtable,
                                          self);
    if (result >= 0 && mpris) result = sd_bus_request_name(self->bus, self->bus_name, 0);
    if (result < 0) {
        say(self, "exit cannot use the session bus at %s: %s", address, strerror(-result));
        return -1;
    }
    if (mpris) say(self, "bus name=%s", self->bus_name);
    if (modemmanager && (result = serve_modemmanager(self, call_state)) < 0) {
        say(self, "exit cannot serve ModemManager on %s: %s", address, strerror(-result));
        return -1;
    }
    /* The name requests may have queued messages already; handle them before waiting on the socket. */
    while ((result = sd_bus_process(self->bus, NULL)) > 0) {}
    self->bus_source = pw_loop_add_io(pw_main_loop_get_loop(self->main_loop), sd_bus_get_fd(self->bus),
                                      bus_mask(self->bus), false, on_bus_io, self);
    return 0;
}

/* MARK: Signals */

static void on_signal(void *data, int number) {
    struct standin *self = data;
    switch (number) {
    case SIGUSR1:
        if (self->device.proxy != NULL) {
            toggle_jack(self);
            break;
        }
        if (strcmp(self->status, "Playing") == 0) { say(self, "user pause"); pause_as(self, "Paused"); }
        else { say(self, "user play"); play(self); }
        bus_flush_later(self);
        break;
    case SIGHUP:
        if (self->modem.manager == NULL) break;
        advance_call(self);
        bus_flush_later(self);
        break;
    case SIGUSR2:
        say(self, self->active ? "user stream-pause" : "user stream-play");
        set_active(self, !self->active);
        break;
    default:
        quit(self, 0, number == SIGTERM ? "SIGTERM" : "SIGINT");
    }
}

/* MARK: Main */

static void usage(void) {
    fprintf(stderr, "usage: arbiter-standin --name NAME [--role ROLE] [--category CAT] [--mpris] [--log FILE] "
                    "[--channels N] [--remote NAME] [--silent] [--modemmanager] [--call none|ringing|active] "
                    "[--device [--plugged]]\n");
}

int main(int argc, char *argv[]) {
    struct standin self = { .log = stderr, .channels = 2, .active = true, .status = "Playing" };
    const char *role = NULL, *category = "Playback", *log = NULL, *remote = NULL;
    bool mpris = false, modemmanager = false, device = false, plugged = false;
    int call_state = 0;
    for (int index = 1; index < argc; index++) {
        const char *option = argv[index];
        const char *value = index + 1 < argc ? argv[index + 1] : NULL;
        if (strcmp(option, "--mpris") == 0) { mpris = true; continue; }
        if (strcmp(option, "--silent") == 0) { self.silent = true; continue; }
        if (strcmp(option, "--modemmanager") == 0) { modemmanager = true; continue; }
        if (strcmp(option, "--device") == 0) { device = true; continue; }
        if (strcmp(option, "--plugged") == 0) { plugged = true; continue; }
        if (value == NULL) { usage(); return 2; }
        if (strcmp(option, "--name") == 0) self.name = value;
        else if (strcmp(option, "--role") == 0) role = value;
        else if (strcmp(option, "--category") == 0) category = value;
        else if (strcmp(option, "--log") == 0) log = value;
        else if (strcmp(option, "--remote") == 0) remote = value;
        else if (strcmp(option, "--channels") == 0) self.channels = atoi(value);
        else if (strcmp(option, "--call") == 0 && (call_state = call_state_named(value)) >= 0) modemmanager = true;
        else { usage(); return 2; }
        index++;
    }
    if (self.name == NULL || self.channels < 1 || self.channels > (int)SPA_AUDIO_MAX_CHANNELS) { usage(); return 2; }
    if (log != NULL && (self.log = fopen(log, "w")) == NULL) {
        fprintf(stderr, "arbiter-standin: cannot write %s: %s\n", log, strerror(errno));
        return 1;
    }

    pw_init(&argc, &argv);
    self.main_loop = pw_main_loop_new(NULL);
    struct pw_loop *loop = pw_main_loop_get_loop(self.main_loop);
    pw_loop_add_signal(loop, SIGINT, on_signal, &self);
    pw_loop_add_signal(loop, SIGTERM, on_signal, &self);
    pw_loop_add_signal(loop, SIGUSR1, on_signal, &self);
    pw_loop_add_signal(loop, SIGUSR2, on_signal, &self);
    pw_loop_add_signal(loop, SIGHUP, on_signal, &self);

    if ((mpris || modemmanager) && start_bus(&self, mpris, modemmanager, call_state) < 0) return 1;

    self.context = pw_context_new(loop, NULL, 0);
    struct pw_properties *core_props = remote ? pw_properties_new(PW_KEY_REMOTE_NAME, remote, NULL) : NULL;
    self.core = self.context ? pw_context_connect(self.context, core_props, 0) : NULL;
    if (self.core == NULL) {
        say(&self, "exit cannot connect to PipeWire: %s", strerror(errno));
        return 1;
    }
    pw_core_add_listener(self.core, &self.core_listener, &core_events, &self);
    if (device) {
        int exported = export_device(&self, plugged);
        if (exported < 0) {
            say(&self, "exit cannot export the device: %s", spa_strerror(exported));
            return 1;
        }
        pw_main_loop_run(self.main_loop);
        pw_proxy_destroy(self.device.proxy);
        pw_core_disconnect(self.core);
        pw_context_destroy(self.context);
        pw_main_loop_destroy(self.main_loop);
        if (self.log != stderr) fclose(self.log);
        return self.exit_status;
    }

    struct pw_properties *props = pw_properties_new(
        PW_KEY_MEDIA_TYPE, "Audio", PW_KEY_MEDIA_CATEGORY, category, PW_KEY_APP_NAME, self.name,
        PW_KEY_NODE_NAME, self.name, NULL);
    if (role != NULL) pw_properties_set(props, PW_KEY_MEDIA_ROLE, role);
    self.stream = pw_stream_new(self.core, self.name, props);
    pw_stream_add_listener(self.stream, &self.stream_listener, &stream_events, &self);

    uint8_t storage[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(storage, sizeof(storage));
    struct spa_audio_info_raw info = { .format = SPA_AUDIO_FORMAT_F32, .rate = RATE, .channels = self.channels };
    const struct spa_pod *params[1] = { spa_format_audio_raw_build(&builder, SPA_PARAM_EnumFormat, &info) };
    int result = pw_stream_connect(self.stream, PW_DIRECTION_OUTPUT, PW_ID_ANY,
                                   PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS | PW_STREAM_FLAG_RT_PROCESS,
                                   params, 1);
    if (result < 0) {
        say(&self, "exit cannot connect the stream: %s", strerror(-result));
        return 1;
    }

    pw_main_loop_run(self.main_loop);

    pw_stream_destroy(self.stream);
    pw_core_disconnect(self.core);
    pw_context_destroy(self.context);
    if (self.bus_source) pw_loop_destroy_source(loop, self.bus_source);
    if (self.bus) {
        sd_bus_slot_unref(self.vtable_root);
        sd_bus_slot_unref(self.vtable_player);
        sd_bus_slot_unref(self.modem.call);
        sd_bus_slot_unref(self.modem.voice);
        sd_bus_slot_unref(self.modem.manager);
        sd_bus_flush_close_unref(self.bus);
    }
    pw_main_loop_destroy(self.main_loop);
    pw_deinit();
    if (self.log != stderr) fclose(self.log);
    return self.exit_status;
}
