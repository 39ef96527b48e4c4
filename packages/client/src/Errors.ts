/** What the client throws. A documented error answer is not thrown: it is the result's `error`. */

/** The base of every error the client throws. */
export class ServiceKitError extends Error {
  override readonly name: string = "ServiceKitError"
}

/** No answer came: the network failed or every attempt timed out, retries included. */
export class ServiceKitConnectionError extends ServiceKitError {
  override readonly name = "ServiceKitConnectionError"
  constructor(
    message: string,
    /** True when the last attempt ran out of time rather than failing outright. */
    readonly timedOut: boolean,
    options?: { readonly cause?: unknown }
  ) {
    super(message, options)
  }
}

/**
 * An answer the operation does not document: a status it never answers (for example a proxy's
 * 502 page, or 404 `route_not_found` when `baseUrl` misses the mount path) or a body that is not
 * the common error body.
 */
export class ServiceKitUnexpectedResponse extends ServiceKitError {
  override readonly name = "ServiceKitUnexpectedResponse"
  constructor(
    readonly status: number,
    readonly body: string,
    readonly requestId: string | null
  ) {
    super(`Unexpected answer ${status}${requestId === null ? "" : ` (request ${requestId})`}: ${body.slice(0, 200)}`)
  }
}

/** An error answer where no result can carry it: a page of `.all()` or an event stream's connection. */
export class ServiceKitApiError<E extends { readonly code: string; readonly status: number }> extends ServiceKitError {
  override readonly name = "ServiceKitApiError"
  constructor(readonly error: E) {
    super(`${error.status} ${error.code}: ${(error as { message?: string }).message ?? ""}`)
  }
}
