import { Context, Effect, Layer, Option } from "effect"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/** An E.164 number (`+15550100`) or a SIP user name (`frontdesk`), as hosted numbers are written. */
export const HOSTED_NUMBER = /^(\+[1-9][0-9]{1,14}|[A-Za-z0-9][A-Za-z0-9._~-]{0,63})$/

/**
 * The hosted number a carrier's address names: the user part of a `sip:`/`tel:` URI
 * (`sip:+15550100@carrier.example`), or the address itself (`+15550100`); none when it is neither.
 */
export const hostedNumberOf = (address: string): string | undefined => {
  const user = /^(?:sips?|tel):([^@;>]*)/i.exec(address.trim())?.[1] ?? address.trim()
  return HOSTED_NUMBER.test(user) ? user : undefined
}

/** A number (or SIP user) of the platform's carrier, routed to one tenant's hosted SIP. */
export interface HostedNumber {
  readonly tenantId: string
  /** As the carrier prints it: an E.164 number (`+15550100`) or a SIP user name. */
  readonly id: string
  readonly assignedAt: Date
}

/**
 * Hosted SIP's mapping: which tenant each of the carrier's numbers belongs to. The carrier's
 * reports name numbers, never tenants, so a number belongs to one tenant at most.
 */
export class HostedNumbers extends Context.Tag("@servicekit/core/HostedNumbers")<
  HostedNumbers,
  {
    /** Gives the number to the tenant; answers the tenant that holds it when another one does. */
    readonly assign: (number: HostedNumber) => Effect.Effect<Option.Option<string>>
    /** Takes the number from the tenant; answers whether it held it. */
    readonly release: (tenantId: string, id: string) => Effect.Effect<boolean>
    /** The tenant's numbers, in order. */
    readonly list: (tenantId: string) => Effect.Effect<ReadonlyArray<HostedNumber>>
    /** The tenant the number belongs to. */
    readonly tenantOf: (id: string) => Effect.Effect<Option.Option<string>>
  }
>() {
  static readonly layerMemory: Layer.Layer<HostedNumbers, never, MemoryDatabase> = Layer.effect(
    HostedNumbers,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<HostedNumber>(db, "hosted_sip_numbers")
      const holder = (id: string) => [...table.rows()].find((row) => row.id === id)
      return HostedNumbers.of({
        assign: (number) =>
          db.run((undo) => {
            const held = holder(number.id)
            if (held !== undefined) return held.tenantId === number.tenantId ? Option.none() : Option.some(held.tenantId)
            table.put(number, undo)
            return Option.none()
          }),
        release: (tenantId, id) => table.remove(tenantId, id),
        list: (tenantId) =>
          db.run(() =>
            [...table.rows()].filter((row) => row.tenantId === tenantId).sort((a, b) => (a.id < b.id ? -1 : 1))
          ),
        tenantOf: (id) => db.run(() => Option.fromNullable(holder(id)?.tenantId))
      })
    })
  )
}
