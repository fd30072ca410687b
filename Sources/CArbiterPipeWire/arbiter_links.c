/* Links: a stream's to a node, and a node's to a node in numbered groups, channel by channel. See
 * include/arbiter_pw.h. */
#include "arbiter_pw_internal.h"

#include <stdio.h>
#include <string.h>

void unlink_locked(struct stream_entry *s) {
    for (int l = 0; l < s->n_links; l++) pw_proxy_destroy(s->links[l]);
    s->n_links = 0;
}

void arbiter_pw_stream_unlink(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    if (s != NULL) unlink_locked(s);
    pw_thread_loop_unlock(pw->loop);
}

int arbiter_pw_stream_link(arbiter_pw *pw, int index, const char *target) {
    pw_thread_loop_lock(pw->loop);
    struct stream_entry *s = stream_at(pw, index);
    struct node_entry *node = find_node(pw, target);
    if (s == NULL || node == NULL) {
        snprintf(pw->error, sizeof(pw->error), "no node named %s", target);
        pw_thread_loop_unlock(pw->loop);
        return -1;
    }
    uint32_t stream_node = pw_stream_get_node_id(s->stream);
    /* Our side: outputs of a playback stream, inputs of a capture stream; theirs the other way. Both of the
     * stream's channels must be known, or a stream caught between its two port events would get one link. */
    if (!stream_ports_known(pw, s)) {
        snprintf(pw->error, sizeof(pw->error), "the stream's ports are not there yet");
        pw_thread_loop_unlock(pw->loop);
        return -1;
    }
    int made = 0;
    for (int i = 0; i < MAX_PORTS; i++) {
        struct port_entry *ours = &pw->ports[i];
        if (!ours->used || ours->node_id != stream_node || ours->output != !s->capture) continue;
        struct port_entry *match = NULL, *fallback = NULL;
        for (int j = 0; j < MAX_PORTS; j++) {
            struct port_entry *theirs = &pw->ports[j];
            if (!theirs->used || theirs->node_id != node->id || theirs->output != s->capture) continue;
            if (strcmp(theirs->channel, ours->channel) == 0) { match = theirs; break; }
            if (fallback == NULL) fallback = theirs; /* MONO, or whatever the node has */
        }
        if (match == NULL) match = fallback;
        if (match == NULL || s->n_links >= MAX_LINKS) continue;
        struct pw_properties *props = pw_properties_new(NULL, NULL);
        uint32_t out_port = s->capture ? match->id : ours->id;
        uint32_t in_port = s->capture ? ours->id : match->id;
        uint32_t out_node = s->capture ? node->id : stream_node;
        uint32_t in_node = s->capture ? stream_node : node->id;
        pw_properties_setf(props, PW_KEY_LINK_OUTPUT_NODE, "%u", out_node);
        pw_properties_setf(props, PW_KEY_LINK_OUTPUT_PORT, "%u", out_port);
        pw_properties_setf(props, PW_KEY_LINK_INPUT_NODE, "%u", in_node);
        pw_properties_setf(props, PW_KEY_LINK_INPUT_PORT, "%u", in_port);
        struct pw_proxy *link = pw_core_create_object(pw->core, "link-factory", PW_TYPE_INTERFACE_Link,
                                                      PW_VERSION_LINK, &props->dict, 0);
        pw_properties_free(props);
        if (link != NULL) s->links[s->n_links++] = link;
        made++;
    }
    if (made == 0) snprintf(pw->error, sizeof(pw->error), "no ports to link %s to %s", "stream", target);
    pw_thread_loop_unlock(pw->loop);
    return made == 0 ? -1 : 0;
}

/* ---- links between nodes, in groups ---- */

static struct pw_proxy *make_link(struct arbiter_pw *pw, uint32_t out_node, uint32_t out_port, uint32_t in_node,
                                  uint32_t in_port) {
    struct pw_properties *props = pw_properties_new(NULL, NULL);
    pw_properties_setf(props, PW_KEY_LINK_OUTPUT_NODE, "%u", out_node);
    pw_properties_setf(props, PW_KEY_LINK_OUTPUT_PORT, "%u", out_port);
    pw_properties_setf(props, PW_KEY_LINK_INPUT_NODE, "%u", in_node);
    pw_properties_setf(props, PW_KEY_LINK_INPUT_PORT, "%u", in_port);
    struct pw_proxy *link = pw_core_create_object(pw->core, "link-factory", PW_TYPE_INTERFACE_Link, PW_VERSION_LINK,
                                                  &props->dict, 0);
    pw_properties_free(props);
    return link;
}

int arbiter_pw_group_link(arbiter_pw *pw, int group, const char *output, const char *input) {
    if (group < 0 || group >= MAX_GROUPS) return -1;
    pw_thread_loop_lock(pw->loop);
    struct node_entry *from = find_node(pw, output), *to = find_node(pw, input);
    int made = 0;
    if (from != NULL && to != NULL) {
        for (int i = 0; i < MAX_PORTS; i++) {
            struct port_entry *out = &pw->ports[i];
            if (!out->used || out->node_id != from->id || !out->output) continue;
            struct port_entry *match = NULL, *fallback = NULL;
            for (int j = 0; j < MAX_PORTS; j++) {
                struct port_entry *in = &pw->ports[j];
                if (!in->used || in->node_id != to->id || in->output) continue;
                if (strcmp(in->channel, out->channel) == 0) { match = in; break; }
                if (fallback == NULL) fallback = in;
            }
            if (match == NULL) match = fallback;
            if (match == NULL || pw->group_links[group] >= MAX_GROUP_LINKS) continue;
            struct pw_proxy *link = make_link(pw, from->id, out->id, to->id, match->id);
            if (link != NULL) pw->groups[group][pw->group_links[group]++] = link;
            made++;
        }
    }
    if (made == 0) snprintf(pw->error, sizeof(pw->error), "no ports to link %s to %s", output, input);
    pw_thread_loop_unlock(pw->loop);
    return made == 0 ? -1 : 0;
}

void arbiter_pw_group_unlink(arbiter_pw *pw, int group) {
    if (group < 0 || group >= MAX_GROUPS) return;
    pw_thread_loop_lock(pw->loop);
    for (int l = 0; l < pw->group_links[group]; l++) pw_proxy_destroy(pw->groups[group][l]);
    pw->group_links[group] = 0;
    pw_thread_loop_unlock(pw->loop);
}

