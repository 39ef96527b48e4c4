import { Context, Effect, Layer, Option } from "effect"
import { type AskedEvent, EventBus } from "../../jobs/EventBus.js"
import type { DomainEvent } from "../../jobs/EventOutbox.js"
import { SecretCrypto, randomUuid } from "../../platform/Crypto.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { ApprovalRepository } from "../records/ApprovalRepository.js"
import type { Run } from "../records/Run.js"
import { RunRepository } from "../records/RunRepositories.js"
import { approvalEvent, runEndedEvent, runEndingOf } from "./RunEventBodies.js"

/**
 * The run and approval repositories as the run engine writes through them: a write that ends a
 * run (succeeded, failed, cancelled, expired) publishes its event, as does an approval stored
 * (requested) or decided, in the unit of work of the write. Whichever path ends a run (a step, a
 * rejected approval, a cancel, an expired time to live), its event cannot be forgotten or sent
 * for a write that did not happen. Events nothing would hear (no endpoint of the tenant lists
 * them) are not written, and their writes take no unit of work for them.
 */
export const layerRunEvents = Layer.effectContext(
  Effect.gen(function* () {
    const runs = yield* RunRepository
    const approvals = yield* ApprovalRepository
    const bus = yield* EventBus
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto

    /**
     * `write`, with the events `eventsOf` makes of its outcome in its unit of work, of those of
     * `asked` something hears (by index); `write` alone when nothing hears any.
     */
    const withEvents = <A>(
      asked: ReadonlyArray<AskedEvent>,
      write: Effect.Effect<A>,
      eventsOf: (written: A, heard: (index: number) => boolean) => ReadonlyArray<DomainEvent>
    ) =>
      asked.length === 0
        ? write
        : Effect.flatMap(bus.heard(asked), (heard) =>
            heard.includes(true)
              ? unit.withTransaction(
                  Effect.tap(write, (written) => {
                    const events = eventsOf(written, (index) => heard[index]!)
                    return events.length === 0 ? Effect.void : bus.publish(events)
                  })
                )
              : write
          )

    /** The runs of `written` that ended, as asked about and as their events. */
    const endings = (written: ReadonlyArray<Run>) => {
      const ended = written.flatMap((run, index) => {
        const type = runEndingOf(run)
        return type === undefined ? [] : [{ index, run, asked: { tenantId: run.tenantId, type } }]
      })
      return {
        asked: ended.map((ending) => ending.asked),
        events: (stored: (index: number) => boolean, heard: (index: number) => boolean) =>
          ended.flatMap((ending, n) =>
            heard(n) && stored(ending.index) ? [runEndedEvent(randomUuid(crypto), ending.run)] : []
          )
      }
    }

    const decoratedRuns: RunRepository["Type"] = {
      ...runs,
      update: (run, from, leaseUntil, steps) => {
        const ended = endings([run])
        return withEvents(ended.asked, runs.update(run, from, leaseUntil, steps), (stored, heard) =>
          ended.events(() => stored, heard)
        )
      },
      updateMany: (updates) => {
        const ended = endings(updates.map((update) => update.run))
        return withEvents(ended.asked, runs.updateMany(updates), (stored, heard) =>
          ended.events((index) => stored[index]!, heard)
        )
      }
    }
    const decoratedApprovals: ApprovalRepository["Type"] = {
      ...approvals,
      insert: (approval) =>
        withEvents(
          [{ tenantId: approval.tenantId, type: "approval.requested" }],
          approvals.insert(approval),
          () => [approvalEvent(randomUuid(crypto), approval)]
        ),
      decide: (tenantId, id, decision) =>
        withEvents([{ tenantId, type: "approval.decided" }], approvals.decide(tenantId, id, decision), (decided) =>
          Option.match(decided, {
            onNone: () => [],
            onSome: (approval) => [approvalEvent(randomUuid(crypto), approval)]
          })
        )
    }
    return Context.make(RunRepository, decoratedRuns).pipe(Context.add(ApprovalRepository, decoratedApprovals))
  })
)
