import { Context, Effect, Layer, Option } from "effect"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { MailDomain } from "./MailDomain.js"

/** The tenants' sending domains. */
export class MailDomainRepository extends Context.Tag("@servicekit/core/MailDomainRepository")<
  MailDomainRepository,
  {
    /** Stores a new domain; answers false, storing nothing, when the tenant has that domain already. */
    readonly insert: (domain: MailDomain) => Effect.Effect<boolean>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<MailDomain>>
    /** The tenant's domain of this name. */
    readonly findByName: (tenantId: string, domain: string) => Effect.Effect<Option.Option<MailDomain>>
    /** The tenant's domains, by name. */
    readonly list: (tenantId: string) => Effect.Effect<ReadonlyArray<MailDomain>>
    /** Saves a check's outcome: status, records, failure and the times. */
    readonly saveCheck: (
      domain: Pick<MailDomain, "tenantId" | "id" | "status" | "records" | "failure" | "checkedAt" | "verifiedAt">
    ) => Effect.Effect<void>
    /** Answers whether the tenant had the domain. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
    /** At most `limit` domains of any tenant last checked before `before` (never checked first). */
    readonly dueForCheck: (before: Date, limit: number) => Effect.Effect<ReadonlyArray<MailDomain>>
  }
>() {
  static readonly layerMemory: Layer.Layer<MailDomainRepository, never, MemoryDatabase> = Layer.effect(
    MailDomainRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<MailDomain>(db, "mail_domains")
      const named = (tenantId: string, domain: string) =>
        [...table.rows()].find((row) => row.tenantId === tenantId && row.domain === domain)
      return MailDomainRepository.of({
        insert: (domain) =>
          db.run((undo) => {
            if (named(domain.tenantId, domain.domain) !== undefined) return false
            table.put(domain, undo)
            return true
          }),
        find: table.find,
        findByName: (tenantId, domain) => db.run(() => Option.fromNullable(named(tenantId, domain))),
        list: (tenantId) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) => row.tenantId === tenantId)
              .sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0))
          ),
        saveCheck: (check) =>
          db.run((undo) => {
            const row = table.get(check.tenantId, check.id)
            if (row !== undefined) table.put({ ...row, ...check }, undo)
          }),
        remove: table.remove,
        dueForCheck: (before, limit) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) => row.checkedAt === null || row.checkedAt.getTime() < before.getTime())
              .sort((a, b) => (a.checkedAt?.getTime() ?? 0) - (b.checkedAt?.getTime() ?? 0))
              .slice(0, limit)
          )
      })
    })
  )
}
