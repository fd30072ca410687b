-- Role nodes for `arbiter attach --role-policy meet` (WirePlumber 0.4; docs/linux.md, "Lowering programs where
-- they meet").
--
-- WirePlumber links each program's stream through the node of its role (an Audio/Sink it keeps in the daemon) on
-- its way to the default device. Every role here mixes with every other, so WirePlumber itself neither ducks nor
-- corks: Arbiter decides, and lowers the programs of a role at its node, one volume however many programs play.
-- Programs that lower others (prompts, calls, alarms) have nodes of their own, apart from what they lower.
--
-- Install: copy tools/wireplumber/ into ~/.config/wireplumber/ (this file and main.lua.d/50-arbiter-role-nodes.lua,
-- which keeps WirePlumber from saving the nodes' volumes), and restart WirePlumber.

local function mixing(priority, aliases, media_class)
  return {
    ["alias"] = aliases,
    ["priority"] = priority,
    ["action.default"] = "mix",
    ["media.class"] = media_class,
  }
end

default_policy.policy.roles = {
  -- A stream whose role no entry names goes to the lowest priority role of its direction.
  ["Capture"] = mixing(5, { "Capture", "Voice" }, "Audio/Source"),
  ["Multimedia"] = mixing(10, { "Music", "Movie", "Video", "Game", "Production" }),
  ["Notification"] = mixing(20, { "Notification", "Event" }),
  ["Navigation"] = mixing(30, { "Navigation" }),
  ["Accessibility"] = mixing(40, { "Accessibility", "A11y" }),
  ["Assistant"] = mixing(50, { "Assistant" }),
  ["Communication"] = mixing(60, { "Communication", "Phone" }),
  ["Alarm"] = mixing(70, { "Alarm", "Emergency", "Alert" }),
}

default_policy.endpoints = {}
for role, _ in pairs(default_policy.policy.roles) do
  default_policy.endpoints["endpoint." .. string.lower(role)] = {
    ["media.class"] = role == "Capture" and "Audio/Source" or "Audio/Sink",
    ["role"] = role,
  }
end
