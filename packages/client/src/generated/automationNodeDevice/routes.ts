// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationNodeDevice group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationNodeDeviceRoutes = {
  /**
   * Heartbeat (the device)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). Records that the device is alive (`lastSeenAt`) and what it reports; answers what the node may do, which the device enforces too.
   */
  "automationNodeDevice.nodeHeartbeat": ["POST", "/v1/automations/nodes/{id}/heartbeat", "400 401 403 405 413 429 500"],
  /**
   * Take the commands due (the device; long poll)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). Answers as soon as commands are due, oldest first (at most 20), or an empty list after `wait` seconds (default 25). A command handed out and still unanswered after 60 s is handed out again (`deliveries` counts): a device runs each command id once. A command has 120 s for its result unless its step sets `timeoutSeconds`.
   */
  "automationNodeDevice.nodeCommands": ["GET", "/v1/automations/nodes/{id}/commands", "400 401 403 405 429 500"],
  /**
   * Post a command's result (the device)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). `ok` with `output` (text, at most 262144 characters, no NUL) and `data` (base64, at most 655360 bytes decoded, e.g. a PNG with `mimeType`), or `ok: false` with `error: { code, message }`. Stored once (a second result: 409 `command_finished`; after the command's time: 409 `command_expired`); the run waiting for it goes on.
   */
  "automationNodeDevice.nodeCommandResult": ["POST", "/v1/automations/nodes/{id}/commands/{commandId}/result", "400 401 403 404 405 409 413 429 500"],
  /**
   * Commands pushed over a WebSocket (the device)
   *
   * The device secret as `?secret=` (for clients that cannot set headers) or `Authorization: Bearer`; a wrong, revoked or other node's secret: 401 before the upgrade. On the native Node and Bun hosts (426 elsewhere). The server sends JSON text messages: `{"type":"settings","node":{...}}` on open and whenever the node's settings change (as a heartbeat answers them), and `{"type":"commands","data":[...]}` as commands fall due, in the long poll's shape; results go to the result route. The device may send `{"type":"ping"}` (answered `{"type":"pong"}`). When the secret stops working (revoked) the socket closes with code 4401. Commands pushed to a socket that closes before their result are queued again at once for the next socket or long poll, and a device runs each command id once. The long poll stays available beside the socket.
   */
  "automationNodeDevice.nodeSocket": ["GET", "/v1/automations/nodes/{id}/ws", "400 401 403 405 426 429 500", "socket+secret"]
} as const
