import { Context, Effect, Layer, Option } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { SipSettings } from "./Sip.js"

/** Storage of each tenant's SIP setup, one record per tenant. */
export class SipRepository extends Context.Tag("@servicekit/core/SipRepository")<
  SipRepository,
  {
    readonly find: (tenantId: string) => Effect.Effect<Option.Option<SipSettings>>
    /** Stores the whole record, replacing the tenant's previous one. */
    readonly save: (settings: SipSettings) => Effect.Effect<void>
  }
>() {
  static readonly layerMemory: Layer.Layer<SipRepository, never, MemoryDatabase> = Layer.effect(
    SipRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, SipSettings>()
      db.holdsTenantRows("sip_settings", tenantRowsOf(rows, (settings) => settings.tenantId))
      return SipRepository.of({
        find: (tenantId) => db.run(() => Option.fromNullable(rows.get(tenantId))),
        save: (settings) =>
          db.run((undo) => {
            const previous = rows.get(settings.tenantId)
            rows.set(settings.tenantId, settings)
            undo(() =>
              previous === undefined ? rows.delete(settings.tenantId) : rows.set(settings.tenantId, previous)
            )
          })
      })
    })
  )
}
