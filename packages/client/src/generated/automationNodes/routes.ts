// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationNodes group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationNodesRoutes = {
  /**
   * List companion nodes
   *
   * Newest first; `lastSeenAt` is the device's last heartbeat, poll or result.
   */
  "automationNodes.listNodes": ["GET", "/v1/automations/nodes", "400 401 403 405 429 500", "page"],
  /**
   * Create a node and its pairing code
   *
   * Answers the node with a `pairingCode` valid 15 minutes, shown once: the device claims it at `/automations/nodes/claim` (`servicekit node pair <url> <code>`). `allowSystem` lets the node run `system.run` for the programs in `allowedBinaries` (matched exactly against `argv[0]`); `allowBrowser` lets it run `browser.*` on the hosts in `allowedHosts` (`example.com`, or `*.example.com` for subdomains). Both are off by default. `system.run`, `browser.navigate` and `browser.evaluate` also wait for an approval unless a tool profile opts out.
   */
  "automationNodes.createNode": ["POST", "/v1/automations/nodes", "400 401 403 405 413 429 500"],
  /**
   * Change what a node may do
   *
   * `allowSystem` lets the node run `system.run` for the programs in `allowedBinaries` (matched exactly against `argv[0]`); `allowBrowser` lets it run `browser.*` on the hosts in `allowedHosts` (`example.com`, or `*.example.com` for subdomains). Both are off by default. `system.run`, `browser.navigate` and `browser.evaluate` also wait for an approval unless a tool profile opts out. A list given replaces the stored one.
   */
  "automationNodes.updateNode": ["PATCH", "/v1/automations/nodes/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Revoke a node
   *
   * Clears the device secret: the device's next call is refused (401 `invalid_device_secret`) and its WebSocket closes (4401). The node stays listed as `revoked`; its commands still open fail at once (`node_revoked`), and so do the steps waiting for them.
   */
  "automationNodes.revokeNode": ["DELETE", "/v1/automations/nodes/{id}", "400 401 403 404 405 429 500"]
} as const
