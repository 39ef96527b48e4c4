import { Context, Effect, Layer, Option } from "effect"
import { EventBus } from "../../jobs/EventBus.js"
import type { DomainEvent } from "../../jobs/EventOutbox.js"
import { SecretCrypto, randomUuid } from "../../platform/Crypto.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { ApprovalRepository } from "../records/ApprovalRepository.js"
import type { Run } from "../records/Run.js"
import { RunRepository } from "../records/RunRepositories.js"
import { approvalEvent, endsWithEvent, runEndedEvent } from "./RunEventBodies.js"

/**
 * The run and approval repositories as the run engine writes through them: a write that ends a
 * run (succeeded, failed, cancelled, expired) publishes its event, as does an approval stored
 * (requested) or decided, in the unit of work of the write. Whichever path ends a run (a step, a
 * rejected approval, a cancel, an expired time to live), its event cannot be forgotten or sent
 * for a write that did not happen.
 */
export const layerRunEvents = Layer.effectContext(
  Effect.gen(function* () {
    const runs = yield* RunRepository
    const approvals = yield* ApprovalRepository
    const bus = yield* EventBus
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto

    /** `write`, with the events its outcome sends, together; `write` alone when it can send none. */
    const withEvents = <A>(
      maySend: boolean,
      write: Effect.Effect<A>,
      eventsOf: (written: A) => ReadonlyArray<DomainEvent>
    ) =>
      maySend
        ? unit.withTransaction(
            Effect.tap(write, (written) => {
              const events = eventsOf(written)
              return events.length === 0 ? Effect.void : bus.publish(events)
            })
          )
        : write
    const endedEvents = (written: ReadonlyArray<readonly [boolean, Run]>) =>
      written.flatMap(([stored, run]) => {
        const event = stored ? runEndedEvent(randomUuid(crypto), run) : undefined
        return event === undefined ? [] : [event]
      })

    const decorated: RunRepository["Type"] = {
      ...runs,
      update: (run, from, leaseUntil, steps) =>
        withEvents(endsWithEvent(run), runs.update(run, from, leaseUntil, steps), (stored) =>
          endedEvents([[stored, run]])
        ),
      updateMany: (updates) =>
        withEvents(
          updates.some((update) => endsWithEvent(update.run)),
          runs.updateMany(updates),
          (written) => endedEvents(updates.map((update, i) => [written[i]!, update.run]))
        )
    }
    const decoratedApprovals: ApprovalRepository["Type"] = {
      ...approvals,
      insert: (approval) =>
        withEvents(true, approvals.insert(approval), () => [approvalEvent(randomUuid(crypto), approval)]),
      decide: (tenantId, id, decision) =>
        withEvents(true, approvals.decide(tenantId, id, decision), (decided) =>
          Option.match(decided, {
            onNone: () => [],
            onSome: (approval) => [approvalEvent(randomUuid(crypto), approval)]
          })
        )
    }
    return Context.make(RunRepository, decorated).pipe(Context.add(ApprovalRepository, decoratedApprovals))
  })
)
