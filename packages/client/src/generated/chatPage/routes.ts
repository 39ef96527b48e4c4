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
  "chatPage.chatPageStyles": ["GET", "/public/chat/chat.css", "400 405 500"]
} as const
