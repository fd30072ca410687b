/// The private daemon's configuration (the same as tools/pipewire/arbiter.conf, which a test keeps in step).
enum DaemonConfig {
    static let text = """
        # A private, headless PipeWire daemon for Arbiter: no hardware, no session manager, no D-Bus.
        # The built-in ports are null devices; accessories are created and destroyed at run time.
        context.properties = {
            core.daemon                 = true
            core.name                   = pipewire-0
            link.max-buffers            = 16
            default.clock.rate          = 48000
            default.clock.quantum       = 1024
            default.clock.min-quantum   = 32
            default.clock.max-quantum   = 2048
            support.dbus                = false
            settings.check-quantum      = true
            settings.check-rate         = true
        }

        context.spa-libs = {
            audio.convert.* = audioconvert/libspa-audioconvert
            support.*       = support/libspa-support
            audiotestsrc    = audiotestsrc/libspa-audiotestsrc
        }

        context.modules = [
            # Real-time scheduling for the data thread and a higher priority (nice -11) for the main thread, where the
            # system allows it (root, or an RLIMIT_RTPRIO); without, the daemon runs as before.
            { name = libpipewire-module-rt
                args = { nice.level = -11 rt.prio = 88 rtportal.enabled = false rtkit.enabled = false }
                flags = [ ifexists nofail ]
            }
            { name = libpipewire-module-protocol-native }
            { name = libpipewire-module-profiler }
            { name = libpipewire-module-metadata }
            { name = libpipewire-module-spa-device-factory }
            { name = libpipewire-module-spa-node-factory }
            { name = libpipewire-module-client-node }
            { name = libpipewire-module-client-device }
            { name = libpipewire-module-access args = { } }
            { name = libpipewire-module-adapter }
            { name = libpipewire-module-link-factory }
            { name = libpipewire-module-session-manager }
        ]

        context.objects = [
            { factory = metadata args = { metadata.name = default } }
            { factory = spa-node-factory
                args = {
                    factory.name    = support.node.driver
                    node.name       = Dummy-Driver
                    node.group      = pipewire.dummy
                    priority.driver = 20000
                }
            }
            { factory = spa-node-factory
                args = {
                    factory.name    = support.node.driver
                    node.name       = Freewheel-Driver
                    priority.driver = 19000
                    node.group      = pipewire.freewheel
                    node.freewheel  = true
                }
            }
            { factory = adapter
                args = {
                    factory.name             = support.null-audio-sink
                    node.name                = arbiter.route
                    node.description         = "Arbiter output route (every playback stream, to the current output ports)"
                    media.class              = Audio/Sink
                    audio.position           = [ FL FR ]
                    priority.session         = 0
                    adapter.auto-port-config = { mode = dsp monitor = true position = preserve }
                }
            }
            { factory = adapter
                args = {
                    factory.name             = support.null-audio-sink
                    node.name                = arbiter.port.builtInSpeaker
                    node.description         = "Built-in speaker"
                    media.class              = Audio/Sink
                    audio.position           = [ FL FR ]
                    priority.session         = 1000
                    arbiter.port             = builtInSpeaker
                    device.api               = arbiter
                    device.form-factor       = internal
                    adapter.auto-port-config = { mode = dsp monitor = true position = preserve }
                }
            }
            { factory = adapter
                args = {
                    factory.name             = support.null-audio-sink
                    node.name                = arbiter.port.builtInReceiver
                    node.description         = "Built-in receiver"
                    media.class              = Audio/Sink
                    audio.position           = [ MONO ]
                    priority.session         = 900
                    arbiter.port             = builtInReceiver
                    device.api               = arbiter
                    device.form-factor       = handset
                    adapter.auto-port-config = { mode = dsp monitor = true position = preserve }
                }
            }
            { factory = adapter
                args = {
                    factory.name             = support.null-audio-sink
                    node.name                = arbiter.port.builtInMic
                    node.description         = "Built-in microphone"
                    media.class              = Audio/Source/Virtual
                    audio.position           = [ MONO ]
                    priority.session         = 1000
                    arbiter.port             = builtInMic
                    device.api               = arbiter
                    device.form-factor       = internal
                    adapter.auto-port-config = { mode = dsp monitor = true position = preserve }
                }
            }
        ]

        context.exec = [ ]
        """
}
