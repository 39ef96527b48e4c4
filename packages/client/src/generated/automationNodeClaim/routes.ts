// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationNodeClaim group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationNodeClaimRoutes = {
  /**
   * Claim a pairing code (the device)
   *
   * Answers the node and its `deviceSecret`, once. An unknown, used or expired code is a 401 (`pairing_code_invalid`, `pairing_code_used`, `pairing_code_expired`) whose message tells the device to stop retrying; a 403 `tenant_suspended` while the node's tenant is suspended leaves the code as it was. Claims are rate-limited per client address (by default 20 a minute). The device may report its `platform`, `version` and `capabilities` (node skills it can run; others are ignored).
   */
  "automationNodeClaim.claimNode": ["POST", "/v1/automations/nodes/claim", "400 401 403 405 413 429 500"]
} as const
