import { Effect, Option } from "effect"
import { expect } from "vitest"
import { type DomainEvent, EventOutbox, type UnitOfWork, withTransaction } from "@servicekit/core/internal"
import type { StorageSuite } from "../Storage.js"
import { at, uuid } from "./fixtures.js"

export const makeEvent = (overrides: Partial<DomainEvent> = {}): DomainEvent => ({
  id: uuid(),
  tenantId: uuid(),
  aggregate: `conversation:${uuid()}`,
  type: "conversation.created",
  payload: { title: "Hello", nested: { list: [1, "two", null] } },
  occurredAt: at("2026-11-20T10:00:00.000Z"),
  ...overrides
})

/** Claims within a unit of work and marks what it got: the dispatcher's cycle without the delivery. */
const drain = Effect.flatMap(EventOutbox, (outbox) =>
  withTransaction(
    Effect.flatMap(outbox.claim(10_000), (claimed) =>
      Option.match(claimed, {
        onNone: () => Effect.succeed([] as ReadonlyArray<DomainEvent>),
        onSome: (events) => Effect.as(outbox.markDispatched(events.map((e) => e.sequence)), events)
      })
    )
  )
)

export const eventOutboxSuite: StorageSuite<EventOutbox | UnitOfWork> = {
  name: "event outbox",
  tests: (it) => {
    it.effect("hands out appended events once, in append order, with every field intact", () =>
      Effect.gen(function* () {
        const outbox = yield* EventOutbox
        yield* drain
        const events = [makeEvent(), makeEvent({ type: "message.created", payload: {} }), makeEvent()]
        yield* withTransaction(outbox.append(events.slice(0, 2)))
        yield* outbox.append(events.slice(2))
        const handed = yield* drain
        expect(handed.map(({ sequence: _, ...event }: any) => event)).toEqual(events)
        const sequences = handed.map((e: any) => e.sequence as number)
        expect([...sequences].sort((a, b) => a - b)).toEqual(sequences)
        expect(yield* drain).toEqual([])
      })
    )

    it.effect("never hands out events of a unit of work that rolled back, nor unmarks on a rolled-back dispatch", () =>
      Effect.gen(function* () {
        const outbox = yield* EventOutbox
        yield* drain
        yield* Effect.exit(withTransaction(Effect.zipRight(outbox.append([makeEvent()]), Effect.fail("declined"))))
        const kept = makeEvent()
        yield* outbox.append([kept])
        // A dispatch that fails leaves its events for the next one.
        yield* Effect.exit(
          withTransaction(
            Effect.flatMap(outbox.claim(10), (claimed) =>
              Effect.zipRight(
                outbox.markDispatched(Option.getOrThrow(claimed).map((e) => e.sequence)),
                Effect.fail("subscriber failed")
              )
            )
          )
        )
        expect((yield* drain).map((e) => e.id)).toEqual([kept.id])
      })
    )
  }
}
