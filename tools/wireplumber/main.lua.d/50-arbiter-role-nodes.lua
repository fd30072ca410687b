-- The role nodes of policy.lua.d/60-arbiter-role-nodes.lua carry Arbiter's ducks as their volume (WirePlumber 0.4;
-- docs/linux.md, "Lowering programs where they meet"). WirePlumber saves the volume of a node with no device route
-- and restores it when the node is made again: a duck would outlive the moment it was for. Not for these nodes.
table.insert(stream_defaults.rules, {
  matches = {
    {
      { "node.name", "matches", "control.endpoint.*" },
    },
  },
  apply_properties = {
    ["state.restore-props"] = false,
  },
})
