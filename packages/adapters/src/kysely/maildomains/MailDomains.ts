import { type DomainRecord, type MailDomain, MailDomainRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import type { Kysely, Selectable } from "kysely"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import * as mailDomainsTable from "./migrations/maildomains/0001_mail_domains.js"
import type { MailDomainsTable, MailDomainsTables } from "./Tables.js"

type Db = Kysely<MailDomainsTables>

const mailDomainOfRow = (row: Selectable<MailDomainsTable>): MailDomain => ({
  tenantId: row.tenant_id,
  id: row.id,
  domain: row.domain,
  selector: row.selector,
  dkimPublicKey: row.dkim_public_key,
  dkimPrivateKeySealed: row.dkim_private_key_sealed,
  status: row.status,
  records: (typeof row.records === "string" ? JSON.parse(row.records) : row.records) as ReadonlyArray<DomainRecord>,
  failure: row.failure,
  checkedAt: row.checked_at,
  verifiedAt: row.verified_at,
  createdAt: row.created_at
})

export const make = (database: KyselyConnection): MailDomainRepository["Type"] => {
  const one = (tenantId: string, column: "id" | "domain", value: string) =>
    Effect.map(
      query(database, (db: Db) =>
        db
          .selectFrom("mail_domains")
          .selectAll()
          .where("tenant_id", "=", tenantId)
          .where(column, "=", value)
          .executeTakeFirst()
      ),
      (row) => Option.map(Option.fromNullable(row), mailDomainOfRow)
    )
  return MailDomainRepository.of({
    insert: (domain) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .insertInto("mail_domains")
            .values({
              tenant_id: domain.tenantId,
              id: domain.id,
              domain: domain.domain,
              selector: domain.selector,
              dkim_public_key: domain.dkimPublicKey,
              dkim_private_key_sealed: domain.dkimPrivateKeySealed,
              status: domain.status,
              records: JSON.stringify(domain.records),
              failure: domain.failure,
              checked_at: domain.checkedAt,
              verified_at: domain.verifiedAt,
              created_at: domain.createdAt
            })
            .onConflict((conflict) => conflict.columns(["tenant_id", "domain"]).doNothing())
            .executeTakeFirst()
        ),
        (inserted) => Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0
      ),
    find: (tenantId, id) => (isUuid(tenantId) && isUuid(id) ? one(tenantId, "id", id) : Effect.succeed(Option.none())),
    findByName: (tenantId, domain) => (isUuid(tenantId) ? one(tenantId, "domain", domain) : Effect.succeed(Option.none())),
    list: (tenantId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db.selectFrom("mail_domains").selectAll().where("tenant_id", "=", tenantId).orderBy("domain").execute()
            ),
            (rows) => rows.map(mailDomainOfRow)
          )
        : Effect.succeed([]),
    saveCheck: (check) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db
            .updateTable("mail_domains")
            .set({
              status: check.status,
              records: JSON.stringify(check.records),
              failure: check.failure,
              checked_at: check.checkedAt,
              verified_at: check.verifiedAt
            })
            .where("tenant_id", "=", check.tenantId)
            .where("id", "=", check.id)
            .execute()
        )
      ),
    remove: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? Effect.map(
            query(database, (db: Db) =>
              db.deleteFrom("mail_domains").where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst()
            ),
            (deleted) => Number(deleted.numDeletedRows) > 0
          )
        : Effect.succeed(false),
    dueForCheck: (before, limit) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("mail_domains")
            .selectAll()
            .where((eb) => eb.or([eb("checked_at", "is", null), eb("checked_at", "<", before)]))
            .orderBy(({ fn, val }) => fn.coalesce("checked_at", val(new Date(0))))
            .limit(limit)
            .execute()
        ),
        (rows) => rows.map(mailDomainOfRow)
      )
  })
}

/** Tenants' sending domains. */
export const mailDomainsStorage: KyselyModuleStorage<MailDomainRepository> = {
  dependsOn: ["accounts"],
  migrations: { "maildomains/0001_mail_domains": mailDomainsTable },
  tenantTables: [{ table: "mail_domains" }],
  layer: Layer.effect(MailDomainRepository, Effect.map(KyselyDatabase, make))
}
