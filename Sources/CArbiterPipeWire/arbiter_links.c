/* Links: a stream's to a node, and a node's to a node in numbered groups, channel by channel. See
 * include/arbiter_pw.h. */
#include "arbiter_pw_internal.h"

#include <stdio.h>
#include <string.h>

void arbiter_pw_unlink_locked(struct stream_entry *s) {
    for (int l = 0; l < s->n_links; l++) pw_proxy_destroy(s->links[l]);
    s->n_links = 0;
}

void arbiter_pw_stream_unlink(arbiter_pw *pw, int index) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    if (s != NULL) arbiter_pw_unlink_locked(s);
    pw_thread_loop_unlock(pw->graph.client.loop);
}

/* The port of node `node_id` that `port` is linked to: the one facing it (an input for an output, an output for
 * an input) on the same channel, else the node's first port facing it (MONO, or whatever the node has); NULL when
 * the node has none. */
static struct arbiter_graph_port *matching_port(struct arbiter_pw *pw, const struct arbiter_graph_port *port,
                                                uint32_t node_id) {
    struct arbiter_graph_port *fallback = NULL, *theirs;
    spa_list_for_each(theirs, &pw->graph.ports, link) {
        if (theirs->node_id != node_id || theirs->output == port->output) continue;
        if (strcmp(theirs->channel, port->channel) == 0) return theirs;
        if (fallback == NULL) fallback = theirs;
    }
    return fallback;
}

static struct pw_proxy *make_link(struct arbiter_pw *pw, uint32_t out_node, uint32_t out_port, uint32_t in_node,
                                  uint32_t in_port) {
    struct pw_properties *props = pw_properties_new(NULL, NULL);
    pw_properties_setf(props, PW_KEY_LINK_OUTPUT_NODE, "%u", out_node);
    pw_properties_setf(props, PW_KEY_LINK_OUTPUT_PORT, "%u", out_port);
    pw_properties_setf(props, PW_KEY_LINK_INPUT_NODE, "%u", in_node);
    pw_properties_setf(props, PW_KEY_LINK_INPUT_PORT, "%u", in_port);
    struct pw_proxy *link = pw_core_create_object(pw->graph.client.core, "link-factory", PW_TYPE_INTERFACE_Link,
                                                  PW_VERSION_LINK, &props->dict, 0);
    pw_properties_free(props);
    return link;
}

/* Links node `from` to node `to` channel by channel: each of `from`'s outputs (its inputs when `from_outputs` is 0,
 * linked from `to`) to its matching port of `to`. Keeps the links in `links`, `*n_links` of them, at most `max`.
 * Returns how many of `from`'s ports found a match (0: nothing to link). */
static int link_ports(struct arbiter_pw *pw, uint32_t from, uint32_t to, int from_outputs, struct pw_proxy **links,
                      int *n_links, int max) {
    int made = 0;
    struct arbiter_graph_port *ours;
    spa_list_for_each(ours, &pw->graph.ports, link) {
        if (ours->node_id != from || ours->output != from_outputs) continue;
        struct arbiter_graph_port *theirs = matching_port(pw, ours, to);
        if (theirs == NULL || *n_links >= max) continue;
        struct pw_proxy *link = from_outputs ? make_link(pw, from, ours->id, to, theirs->id)
                                             : make_link(pw, to, theirs->id, from, ours->id);
        if (link != NULL) links[(*n_links)++] = link;
        made++;
    }
    return made;
}

int arbiter_pw_stream_link(arbiter_pw *pw, int index, const char *target) {
    pw_thread_loop_lock(pw->graph.client.loop);
    struct stream_entry *s = arbiter_pw_stream_at(pw, index);
    struct arbiter_graph_node *node = arbiter_graph_node_named(&pw->graph, target);
    if (s == NULL || node == NULL) {
        snprintf(pw->error, sizeof(pw->error), "no node named %s", target);
        pw_thread_loop_unlock(pw->graph.client.loop);
        return -1;
    }
    /* Our side: outputs of a playback stream, inputs of a capture stream; theirs the other way. Both of the
     * stream's channels must be known, or a stream caught between its two port events would get one link. */
    if (!arbiter_pw_entry_ports_known(pw, s)) {
        snprintf(pw->error, sizeof(pw->error), "the stream's ports are not there yet");
        pw_thread_loop_unlock(pw->graph.client.loop);
        return -1;
    }
    int made = link_ports(pw, pw_stream_get_node_id(s->stream), node->id, !s->capture, s->links, &s->n_links,
                          MAX_LINKS);
    if (made == 0) snprintf(pw->error, sizeof(pw->error), "no ports to link %s to %s", "stream", target);
    pw_thread_loop_unlock(pw->graph.client.loop);
    return made == 0 ? -1 : 0;
}

/* ---- links between nodes, in groups ---- */

int arbiter_pw_group_link(arbiter_pw *pw, int group, const char *output, const char *input) {
    if (group < 0 || group >= MAX_GROUPS) return -1;
    pw_thread_loop_lock(pw->graph.client.loop);
    struct arbiter_graph_node *from = arbiter_graph_node_named(&pw->graph, output);
    struct arbiter_graph_node *to = arbiter_graph_node_named(&pw->graph, input);
    int made = from != NULL && to != NULL
        ? link_ports(pw, from->id, to->id, 1, pw->groups[group], &pw->group_links[group], MAX_GROUP_LINKS) : 0;
    if (made == 0) snprintf(pw->error, sizeof(pw->error), "no ports to link %s to %s", output, input);
    pw_thread_loop_unlock(pw->graph.client.loop);
    return made == 0 ? -1 : 0;
}

void arbiter_pw_group_unlink(arbiter_pw *pw, int group) {
    if (group < 0 || group >= MAX_GROUPS) return;
    pw_thread_loop_lock(pw->graph.client.loop);
    for (int l = 0; l < pw->group_links[group]; l++) pw_proxy_destroy(pw->groups[group][l]);
    pw->group_links[group] = 0;
    pw_thread_loop_unlock(pw->graph.client.loop);
}

