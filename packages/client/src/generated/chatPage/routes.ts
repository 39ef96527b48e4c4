// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatPage group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatPageRoutes = {
  /**
   * The hosted chat page
   *
   * What a session's `chatUrl` opens (`?siteKey=...&token=...`). Sent with a strict Content-Security-Policy and `Referrer-Policy: no-referrer`; its script moves the token out of the address bar and uses it as a bearer token for the visitor API below.
   */
  "chatPage.chatPage": ["GET", "/public/chat", "400 405 500"],
  /** The hosted chat page's script */
  "chatPage.chatPageScript": ["GET", "/public/chat/chat.js", "400 405 500"],
  /** The hosted chat page's styles */
  "chatPage.chatPageStyles": ["GET", "/public/chat/chat.css", "400 405 500"],
  /**
   * The chat widget's loader
   *
   * What the tenant's website loads, with its site key as the script element's `data-site-key` (the console shows the one line: `GET /tenants/{tenantId}/chat/widget`). It draws a launcher and frames the panel below beside it; it fetches nothing itself, so a page whose Content-Security-Policy allows this origin for scripts and frames runs it.
   */
  "chatPage.widgetScript": ["GET", "/public/chat/widget.js", "400 405 500"],
  /**
   * The chat widget's panel
   *
   * The page the loader frames. It remembers its visitor's token in this origin's storage of the visitor's browser, across page loads and tabs, and opens a conversation with the first message the visitor writes.
   */
  "chatPage.widgetPanel": ["GET", "/public/chat/widget", "400 405 500"]
} as const
