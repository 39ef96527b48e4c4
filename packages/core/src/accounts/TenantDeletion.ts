import { Clock, Context, Effect, Layer, Option } from "effect"
import { JobQueue, defineQueue } from "../jobs/JobQueue.js"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { BlobStore, tenantBlobPrefix } from "../platform/BlobStore.js"
import { isUuid } from "../platform/Crypto.js"
import { TenantData } from "../platform/TenantData.js"
import { TenantNotFound } from "../platform/Errors.js"
import { TenantRepository } from "../platform/Tenants.js"
import { TenantService } from "../platform/TenantService.js"
import { TenantStanding } from "../platform/TenantStanding.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { TenantDeletionNotFound } from "./AccountsErrors.js"
import { TenantDeletionRepository, type TenantDeletionRecord } from "./TenantDeletions.js"

/** The deletion's jobs: each deletes for a while, then queues the next, so it never holds a worker long. */
export const tenantDeletionQueue = defineQueue("accounts.tenant-deletion", { maxAttempts: 10, lease: "2 minutes" })

/** Rows a statement deletes: small enough that no lock or transaction of it is long. */
const BATCH = 500
/** How long one job deletes before it hands its slot back and queues the next. */
const SLICE_MS = 2_000
/** What a tenant being deleted is suspended for, as its record shows while it lasts. */
const DELETION_REASON = "Being deleted."

/**
 * Deleting a tenant, for good: it is suspended at once (nothing of it runs or answers), then its
 * rows are deleted kind by kind in the background (see TenantData), in batches that each commit
 * with the running count, on the platform's turn of the job queue so that no tenant waits behind
 * it; then its files' bytes, and its own row last. The record of the deletion outlives it, with a count of what went.
 */
export class TenantDeletion extends Context.Tag("@servicekit/core/TenantDeletion")<
  TenantDeletion,
  {
    /** Starts the tenant's deletion, or answers the one under way or done. */
    readonly request: (tenantId: string) => Effect.Effect<TenantDeletionRecord, TenantNotFound>
    readonly get: (tenantId: string) => Effect.Effect<TenantDeletionRecord, TenantDeletionNotFound>
    /** Whether the tenant's deletion was requested (and it is not gone yet, or gone). */
    readonly requested: (tenantId: string) => Effect.Effect<boolean>
    /** One slice of the work: what the queue's jobs run. */
    readonly work: (tenantId: string) => Effect.Effect<void>
    /**
     * Queues the next slice of every deletion not done (its job is keyed: no second one), so that
     * one whose job was lost or spent its attempts carries on: the workers' periodic sweep.
     */
    readonly resumeUnfinished: Effect.Effect<void>
  }
>() {
  static readonly layer = Layer.effect(
    TenantDeletion,
    Effect.gen(function* () {
      const data = yield* TenantData
      const deletions = yield* TenantDeletionRepository
      const tenants = yield* TenantService
      const tenantRows = yield* TenantRepository
      const jobs = yield* JobQueue
      const unit = yield* UnitOfWork
      const keys = yield* ApiKeyService
      const standing = yield* TenantStanding
      const blobs = yield* BlobStore
      const find = (tenantId: string) => (isUuid(tenantId) ? deletions.find(tenantId) : Effect.succeedNone)
      // Keyed by the tenant: a deletion has one job waiting at most.
      const next = (tenantId: string) => jobs.enqueue(tenantDeletionQueue, { tenantId }, { key: tenantId })
      const forget = (tenantId: string) => Effect.zipRight(keys.forgetTenant(tenantId), standing.forget(tenantId))

      /** Deletes one batch of the kind, counted in the same unit of work: how many went. */
      const deleteBatch = (tenantId: string, kind: string) =>
        unit.withTransaction(
          Effect.tap(data.deleteSome(tenantId, kind, BATCH), (deleted) =>
            deleted === 0 ? Effect.void : deletions.count(tenantId, kind, deleted)
          )
        )

      const work = (tenantId: string) =>
        Effect.gen(function* () {
          const found = yield* find(tenantId)
          if (Option.isNone(found) || found.value.status === "deleted") return
          const until = (yield* Clock.currentTimeMillis) + SLICE_MS
          for (const kind of data.kinds) {
            while (true) {
              if ((yield* Clock.currentTimeMillis) > until) return yield* next(tenantId)
              if ((yield* deleteBatch(tenantId, kind)) < BATCH) break
            }
          }
          // Work of the tenant under way when it was suspended may have written after its kind was
          // passed: another pass then, until every kind is empty.
          const left = yield* Effect.forEach(data.kinds, (kind) => data.count(tenantId, kind))
          if (left.some((count) => count > 0)) return yield* next(tenantId)
          // Files' bytes last: no row names them any more.
          yield* blobs.removeUnder(tenantBlobPrefix(tenantId))
          const finishedAt = new Date(yield* Clock.currentTimeMillis)
          yield* unit.withTransaction(Effect.zipRight(tenantRows.remove(tenantId), deletions.finish(tenantId, finishedAt)))
          yield* forget(tenantId)
          yield* Effect.logDebug(`tenant ${tenantId} deleted`)
        })

      return {
        request: (tenantId) =>
          Effect.gen(function* () {
            const found = yield* find(tenantId)
            if (Option.isSome(found)) return found.value
            yield* tenants.get(tenantId)
            const requestedAt = new Date(yield* Clock.currentTimeMillis)
            const record = yield* unit.withTransaction(
              Effect.gen(function* () {
                yield* Effect.orDie(tenants.suspend(tenantId, DELETION_REASON))
                const started = yield* deletions.start({
                  tenantId,
                  status: "deleting",
                  requestedAt,
                  finishedAt: null,
                  deleted: {}
                })
                yield* next(tenantId)
                return started
              })
            )
            yield* forget(tenantId)
            return record
          }),
        get: (tenantId) =>
          Effect.flatMap(
            find(tenantId),
            Option.match({ onNone: () => Effect.fail(new TenantDeletionNotFound()), onSome: Effect.succeed })
          ),
        requested: (tenantId) => Effect.map(find(tenantId), Option.isSome),
        work,
        resumeUnfinished: Effect.flatMap(deletions.unfinished(100), (unfinished) =>
          Effect.forEach(unfinished, ({ tenantId }) => next(tenantId), { discard: true })
        )
      }
    })
  )
}
