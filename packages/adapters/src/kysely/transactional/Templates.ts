import type { EmailTemplate } from "@servicekit/core/transactional"
import { TemplateRepository } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { write } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant, removeInTenant } from "../Keyset.js"
import type { EmailTemplatesTable, TransactionalTables } from "./Tables.js"

type Db = Kysely<TransactionalTables>

const toRow = (template: EmailTemplate): Insertable<EmailTemplatesTable> => ({
  tenant_id: template.tenantId,
  id: template.id,
  name: template.name,
  channel: template.channel,
  subject: template.body.subject,
  html: template.body.html,
  text: template.body.text,
  from_name: template.from?.name ?? null,
  from_address: template.from?.address ?? null,
  created_at: template.createdAt,
  updated_at: template.updatedAt
})

const toTemplate = (row: Selectable<EmailTemplatesTable>): EmailTemplate => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  channel: row.channel,
  body: { subject: row.subject, html: row.html, text: row.text },
  from:
    row.from_address === null
      ? null
      : { address: row.from_address, ...(row.from_name === null ? {} : { name: row.from_name }) },
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<EmailTemplatesTable>, ReturnType<typeof toTemplate>> = {
  name: "email_templates",
  toRecord: toTemplate
}

export const make = (database: KyselyConnection): TemplateRepository["Type"] => {
  // Insert and update both store the whole template under its id; a name the tenant uses for
  // another template is refused by email_templates_tenant_name_key.
  const save = (template: EmailTemplate) => {
    const { id: _id, tenant_id: _tenantId, ...columns } = toRow(template)
    return Effect.asVoid(
      write(database, (db: Db) =>
        db
          .insertInto("email_templates")
          .values(toRow(template))
          .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
          .execute()
      )
    )
  }
  return TemplateRepository.of({
    insert: save,
    update: save,

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),

    remove: (tenantId, id) => removeInTenant(database, "email_templates", tenantId, id)
  })
}

export const layer: Layer.Layer<TemplateRepository, never, KyselyDatabase> = Layer.effect(
  TemplateRepository,
  Effect.map(KyselyDatabase, make)
)
