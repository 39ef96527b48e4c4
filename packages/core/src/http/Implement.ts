import type { HttpApiEndpoint, HttpApiGroup, HttpServerResponse } from "@effect/platform"
import type { Effect } from "effect"
import type { ApiError } from "./ApiError.js"

type Endpoints<G> = HttpApiGroup.HttpApiGroup.Endpoints<G>
type EndpointNamed<G, Name extends string> = HttpApiEndpoint.HttpApiEndpoint.WithName<Endpoints<G>, Name>

/** What a handler receives: the decoded path, query, headers and payload of its endpoint. */
export type EndpointInput<E extends HttpApiEndpoint.HttpApiEndpoint.Any> = Omit<
  HttpApiEndpoint.HttpApiEndpoint.Request<E>,
  "request"
>

/**
 * One handler per endpoint of a group, typed by the group's contract: it answers the success
 * type (encoded by the endpoint's success schema) or, as an escape hatch, a whole
 * `HttpServerResponse` (streams, several Set-Cookie headers); it fails only with errors the
 * endpoint or its group declares. Requirements are left open: the group's middleware provides
 * the caller, the product's layers everything else.
 */
export type GroupHandlers<G extends HttpApiGroup.HttpApiGroup.Any> = {
  readonly [Name in HttpApiEndpoint.HttpApiEndpoint.Name<Endpoints<G>>]: (
    input: EndpointInput<EndpointNamed<G, Name>>
  ) => Effect.Effect<
    HttpApiEndpoint.HttpApiEndpoint.Success<EndpointNamed<G, Name>> | HttpServerResponse.HttpServerResponse,
    HttpApiEndpoint.HttpApiEndpoint.Error<EndpointNamed<G, Name>> | HttpApiGroup.HttpApiGroup.Error<G> | ApiError,
    unknown
  >
}

export type Handler = (input: any) => Effect.Effect<unknown, unknown, any>

/** A group of the contract with its handlers, built from the services in `R`. */
export interface ImplementedGroup<G extends HttpApiGroup.HttpApiGroup.Any = HttpApiGroup.HttpApiGroup.Any, R = any> {
  readonly group: G
  readonly handlers: Effect.Effect<Readonly<Record<string, Handler>>, never, R>
}

type GroupOf<I> = I extends ImplementedGroup<infer G, any> ? G : never
type RequirementsOf<I> = I extends ImplementedGroup<any, infer R> ? R : never

/** A module's groups, typed as the union of them (inference from an array literal would take the first's type). */
export const groups = <const Groups extends ReadonlyArray<ImplementedGroup<any, any>>>(
  ...implemented: Groups
): ReadonlyArray<ImplementedGroup<GroupOf<Groups[number]>, RequirementsOf<Groups[number]>>> => implemented

/** Pairs a group of the contract with its handlers, so that neither can be served without the other. */
export const implement = <G extends HttpApiGroup.HttpApiGroup.Any, R>(
  group: G,
  handlers: Effect.Effect<GroupHandlers<G>, never, R>
): ImplementedGroup<G, R> => ({ group, handlers: handlers as Effect.Effect<any, never, R> })
