import { Context, Effect, Layer, Option } from "effect"
import { tenantRowsOfArray } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/** A domain event: what happened to one aggregate of one tenant. */
export interface DomainEvent {
  /** Unique per event; consumers deduplicate on it (delivery is at least once). */
  readonly id: string
  readonly tenantId: string
  /** What the event is about, e.g. `conversation:<id>`: events of one aggregate are delivered in order. */
  readonly aggregate: string
  /** e.g. `conversation.created`. */
  readonly type: string
  readonly payload: { readonly [key: string]: unknown }
  readonly occurredAt: Date
}

/** An event as stored: its place in the one global order. */
export interface StoredEvent extends DomainEvent {
  readonly sequence: number
}

/**
 * The event outbox: products append events in the unit of work that makes the change, so an
 * event exists exactly when its change does; the dispatcher hands them on afterwards.
 */
export class EventOutbox extends Context.Tag("@servicekit/core/EventOutbox")<
  EventOutbox,
  {
    /** Appends events, in the current unit of work when one is open. */
    readonly append: (events: ReadonlyArray<DomainEvent>) => Effect.Effect<void>
    /**
     * Inside a unit of work: takes the dispatcher's role until the unit ends and returns up to
     * `limit` undispatched events in order; none when another process holds the role.
     */
    readonly claim: (limit: number) => Effect.Effect<Option.Option<ReadonlyArray<StoredEvent>>>
    /** Marks events dispatched, in the claiming unit of work: they are removed, since nothing reads them again. */
    readonly markDispatched: (sequences: ReadonlyArray<number>) => Effect.Effect<void>
  }
>() {
  /** In memory: a unit of work holds the memory database alone, so a claim always succeeds inside one. */
  static readonly layerMemory: Layer.Layer<EventOutbox, never, MemoryDatabase> = Layer.effect(
    EventOutbox,
    Effect.map(MemoryDatabase, (db) => {
      // The waiting events, in order.
      const waiting: Array<StoredEvent> = []
      let sequence = 0
      db.holdsTenantRows("event_outbox", tenantRowsOfArray(waiting, (event) => event.tenantId))
      return {
        append: (events) =>
          db.run((undo) => {
            for (const event of events) {
              const stored = { ...event, sequence: ++sequence }
              waiting.push(stored)
              undo(() => waiting.splice(waiting.indexOf(stored), 1))
            }
          }),
        claim: (limit) => db.run(() => Option.some(waiting.slice(0, limit))),
        markDispatched: (sequences) =>
          db.run((undo) => {
            const marked = new Set(sequences)
            const removed = waiting.filter((event) => marked.has(event.sequence))
            if (removed.length === 0) return
            const kept = waiting.filter((event) => !marked.has(event.sequence))
            waiting.splice(0, waiting.length, ...kept)
            undo(() => {
              waiting.push(...removed)
              waiting.sort((a, b) => a.sequence - b.sequence)
            })
          })
      }
    })
  )
}
