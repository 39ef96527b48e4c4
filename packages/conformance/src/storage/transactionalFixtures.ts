// What the transactional storage suites share: records made for a tenant and the expected orders.
import type { ActivityEntry, EmailMessage, EmailTemplate } from "@servicekit/core/transactional"
import { TRANSACTIONAL_SOURCE as SOURCE, UniqueViolation } from "@servicekit/core/internal"
import { at, newestFirst, uuid } from "./fixtures.js"

export const makeTemplate = (tenantId: string, overrides: Partial<EmailTemplate> = {}): EmailTemplate => ({
  id: uuid(),
  tenantId,
  name: `welcome-${uuid()}`,
  channel: "email",
  body: { subject: "Welcome, {{name}}", html: "<p>Hello {{name}}</p>", text: "Hello {{name}}" },
  from: null,
  createdAt: at("2026-03-01T09:00:00.000Z"),
  updatedAt: at("2026-03-01T09:00:00.000Z"),
  ...overrides
})

export const makeMessage = (tenantId: string, overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  id: uuid(),
  tenantId,
  templateId: null,
  templateName: null,
  from: "Acme <hello@acme.example>",
  to: "ada@example.com",
  subject: "Your receipt",
  html: "<p>Thanks</p>",
  text: "Thanks",
  test: false,
  source: "transactional_v1",
  stream: "transactional",
  status: "queued",
  attempts: 0,
  providerMessageId: null,
  error: null,
  createdAt: at("2026-03-01T09:00:00.000Z"),
  updatedAt: at("2026-03-01T09:00:00.000Z"),
  ...overrides
})

export const makeEntry = (tenantId: string, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: uuid(),
  tenantId,
  status: "sent",
  recipient: "ada@example.com",
  templateId: null,
  templateName: null,
  subject: "Your receipt",
  providerMessageId: null,
  error: null,
  metadata: { source: SOURCE },
  createdAt: at("2026-03-01T09:00:00.000Z"),
  ...overrides
})

export const templatesNewestFirst = newestFirst<EmailTemplate>((template) => template.createdAt)
export const entriesNewestFirst = newestFirst<ActivityEntry>((entry) => entry.createdAt)

export const nameTaken = new UniqueViolation({ constraint: "email_templates_tenant_name_key" })
