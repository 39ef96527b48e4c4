/**
 * @servicekit/client — every route of ServiceKit's contract as a typed method, generated from its
 * OpenAPI document: `{ data }` or `{ error }` with the operation's documented error codes, cursor
 * pages as async iterators, retries that never repeat a side effect, live event streams.
 */
export { type ClientOptions, createClient } from "./Client.js"
export {
  ServiceKitApiError,
  ServiceKitConnectionError,
  ServiceKitError,
  ServiceKitUnexpectedResponse
} from "./Errors.js"
export type { Credential } from "./Transport.js"
export type {
  ApiError,
  Client,
  Data,
  EventStream,
  Input,
  Method,
  OperationId,
  PageItem,
  RateLimit,
  RequestOptions,
  ResponseMeta,
  Result,
  Schema,
  ServerSentEvent
} from "./Types.js"
