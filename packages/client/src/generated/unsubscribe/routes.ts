// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the unsubscribe group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const unsubscribeRoutes = {
  /**
   * One-click unsubscribe (RFC 8058)
   *
   * What a mailbox provider POSTs (body `List-Unsubscribe=One-Click`, which is not required) when the reader of a broadcast message unsubscribes: the recipient is suppressed on the tenant's broadcast stream (reason `unsubscribe`), and stays on its transactional mail. Repeating it changes nothing. The link is signed by the platform: any other is a 404 and changes nothing.
   */
  "unsubscribe.unsubscribe": ["POST", "/mail/unsubscribe/{token}", "400 404 405 500"]
} as const
