import { HttpApiSchema } from "@effect/platform"
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { tenantRowsOf } from "./MemoryTable.js"
import { MemoryDatabase, type UnitOfWork, withTransaction } from "./UnitOfWork.js"

/**
 * `Idempotency-Key` for POST endpoints that create things (Stripe's rules): per tenant and
 * endpoint, kept 24 hours. The same key with the same body answers the first response again;
 * with another body 422; while the first request is still running 409.
 */

export interface IdempotencyRecord {
  readonly tenantId: string
  /** The endpoint the key belongs to, e.g. `transactional.send`. */
  readonly scope: string
  readonly key: string
  /** A digest of the request body. */
  readonly fingerprint: string
  /** The first response, once it is known; null while the first request runs. */
  readonly response: unknown
  readonly createdAt: Date
}

export class IdempotencyStore extends Context.Tag("@servicekit/core/IdempotencyStore")<
  IdempotencyStore,
  {
    /**
     * Claims the key with a pending record and answers None; or answers the record that holds it.
     * A record created before `expiredBefore`, or a pending one created before `abandonedBefore`
     * (its request died), no longer holds the key and is replaced.
     */
    readonly claim: (
      record: Omit<IdempotencyRecord, "response">,
      options: { readonly expiredBefore: Date; readonly abandonedBefore: Date }
    ) => Effect.Effect<Option.Option<IdempotencyRecord>>
    /** Stores the response of the request that claimed the key. */
    readonly complete: (tenantId: string, scope: string, key: string, response: unknown) => Effect.Effect<void>
    /** Lets the key go after its request failed, so that a retry runs afresh. */
    readonly release: (tenantId: string, scope: string, key: string) => Effect.Effect<void>
    /** Deletes the records of every tenant created before `expiredBefore`; how many it deleted. */
    readonly sweep: (expiredBefore: Date) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<IdempotencyStore, never, MemoryDatabase> = Layer.effect(
    IdempotencyStore,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, IdempotencyRecord>()
      db.holdsTenantRows("idempotency_keys", tenantRowsOf(rows, (record) => record.tenantId))
      const id = (tenantId: string, scope: string, key: string) => JSON.stringify([tenantId, scope, key])
      const set = (undo: (reverse: () => void) => void, at: string, record: IdempotencyRecord | undefined) => {
        const previous = rows.get(at)
        if (record === undefined) rows.delete(at)
        else rows.set(at, record)
        undo(() => (previous === undefined ? rows.delete(at) : rows.set(at, previous)))
      }
      return IdempotencyStore.of({
        claim: (record, options) =>
          db.run((undo) => {
            const at = id(record.tenantId, record.scope, record.key)
            const held = rows.get(at)
            const released =
              held === undefined ||
              held.createdAt < options.expiredBefore ||
              (held.response === null && held.createdAt < options.abandonedBefore)
            if (!released) return Option.some(held)
            set(undo, at, { ...record, response: null })
            return Option.none()
          }),
        complete: (tenantId, scope, key, response) =>
          db.run((undo) => {
            const at = id(tenantId, scope, key)
            const held = rows.get(at)
            if (held !== undefined) set(undo, at, { ...held, response })
          }),
        release: (tenantId, scope, key) => db.run((undo) => set(undo, id(tenantId, scope, key), undefined)),
        sweep: (expiredBefore) =>
          db.run((undo) => {
            const expired = [...rows].filter(([, record]) => record.createdAt < expiredBefore)
            for (const [at] of expired) set(undo, at, undefined)
            return expired.length
          })
      })
    })
  )
}

export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()(
  "IdempotencyKeyReused",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "This Idempotency-Key was used with a different request body in the last 24 hours."
    })
  },
  HttpApiSchema.annotations({
    status: 422,
    description: "The Idempotency-Key was used with another body (`idempotency_key_reused`)."
  })
) {}

export class IdempotencyInProgress extends Schema.TaggedError<IdempotencyInProgress>()(
  "IdempotencyInProgress",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "A request with this Idempotency-Key is still being processed; retry shortly."
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: "A request with the same Idempotency-Key is still running (`idempotency_in_progress`)."
  })
) {}

const KEPT_MS = 24 * 60 * 60 * 1000
/** A pending claim this old belongs to a request that died: nothing takes a minute to accept. */
const ABANDONED_MS = 60 * 1000

/** Deletes the idempotency records that no longer hold their keys: a worker sweep, hourly. */
export const sweepIdempotencyKeys: Effect.Effect<number, never, IdempotencyStore> = Effect.flatMap(
  Effect.zip(IdempotencyStore, Clock.currentTimeMillis),
  ([store, now]) => store.sweep(new Date(now - KEPT_MS))
)

/**
 * Runs `create` once per (tenant, scope, key): a repeat with the same fingerprint answers the
 * stored response (decoded with `schema`); without a key it simply runs. `create` runs as a unit
 * of work, and the response is stored in it, so what it wrote and the answer to a repeat commit
 * together.
 */
export const idempotent = <A, I, E, R>(
  request: {
    readonly tenantId: string
    readonly scope: string
    readonly key: string | undefined
    readonly fingerprint: string
  },
  schema: Schema.Schema<A, I>,
  create: Effect.Effect<A, E, R>
): Effect.Effect<A, E | IdempotencyKeyReused | IdempotencyInProgress, R | IdempotencyStore | UnitOfWork> => {
  const key = request.key
  if (key === undefined) return withTransaction(create)
  return Effect.gen(function* () {
    const store = yield* IdempotencyStore
    const now = yield* Clock.currentTimeMillis
    const held = yield* store.claim(
      {
        tenantId: request.tenantId,
        scope: request.scope,
        key,
        fingerprint: request.fingerprint,
        createdAt: new Date(now)
      },
      { expiredBefore: new Date(now - KEPT_MS), abandonedBefore: new Date(now - ABANDONED_MS) }
    )
    if (Option.isSome(held)) {
      if (held.value.fingerprint !== request.fingerprint) return yield* new IdempotencyKeyReused()
      if (held.value.response === null) return yield* new IdempotencyInProgress()
      return yield* Schema.decodeUnknown(schema)(held.value.response).pipe(Effect.orDie)
    }
    return yield* withTransaction(
      Effect.tap(create, (result) =>
        Effect.flatMap(Schema.encode(schema)(result).pipe(Effect.orDie), (response) =>
          store.complete(request.tenantId, request.scope, key, response)
        )
      )
    ).pipe(Effect.onError(() => store.release(request.tenantId, request.scope, key)))
  })
}
