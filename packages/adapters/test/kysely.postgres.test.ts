import type { Call, CallQuery } from "@servicekit/core/calling"
import type { Workflow } from "@servicekit/core/automations"
import { CallRepository, FlowRepository, TenantRepository, WorkflowRepository } from "@servicekit/core/internal"
import { createHash } from "node:crypto"
import { Context, Effect, Layer, ManagedRuntime, Option } from "effect"
import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { KyselyDatabase, allMigrations, eventTriggeredWorkflowsQuery, listCallsQuery } from "../src/kysely/index.js"
import * as hookTokenDigests from "../src/kysely/automations/migrations/0029_hook_token_digests.js"
import { layerPostgres } from "../src/postgres.js"
import { moduleMigrationsSuite } from "./moduleMigrations.js"
import { inboxMigrationSuite } from "./inboxMigration.js"
import { callDaysMigrationSuite } from "./callDaysMigration.js"
import { stepResultsMigrationSuite } from "./stepResultsMigration.js"
import { layerTemporaryPostgres, temporaryDatabase, temporaryDatabaseForFile } from "./temporaryPostgres.js"

interface PlanNode {
  readonly "Node Type": string
  readonly "Index Name"?: string
  readonly "Index Cond"?: string
  readonly Plans?: ReadonlyArray<PlanNode>
}

const flatten = (node: PlanNode): ReadonlyArray<PlanNode> => [node, ...(node.Plans ?? []).flatMap(flatten)]

describe("kysely storage on Postgres", () => {
  const runtime = ManagedRuntime.make(layerTemporaryPostgres)
  beforeAll(() => runtime.runtime())
  afterAll(() => runtime.dispose())

  it("migrates exactly once when two processes start at once, and ends the pool with the scope", async () => {
    const db = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const url = yield* temporaryDatabase
          const start = Layer.build(layerPostgres({ url, max: 1 }))
          const [first] = yield* Effect.all([start, start], { concurrency: "unbounded" })
          const db = Context.get(first, KyselyDatabase)
          const applied = yield* Effect.promise(() =>
            sql<{ name: string }>`select name from servicekit.servicekit_migrations order by name`.execute(db.db)
          )
          // Every migration once. The shared numbers are frozen: databases hold these names as applied.
          expect(applied.rows.map((row) => row.name)).toEqual(allMigrations().map((migration) => migration.name).sort())
          expect(applied.rows.map((row) => row.name)).toEqual([
            "0001_accounts",
            "0002_calling",
            "0003_jobs",
            "0004_events",
            "0005_schedules",
            "0006_sip",
            "0007_idempotency",
            "0008_transactional",
            "0009_automations",
            "0010_chat",
            "0011_automation_runs",
            "0012_automation_governance",
            "0013_automation_event_triggers",
            "0014_email_message_source",
            "0015_workflow_revision",
            "0016_idempotency_sweep",
            "0017_run_reservations",
            "0018_automation_ai",
            "0019_automation_agents",
            "0020_automation_nodes",
            "0021_automation_waits",
            "0022_automation_sequences",
            "0023_growth_conversations",
            "0024_automation_skill_packs",
            "0025_event_outbox_removal",
            "0028_approval_cancelled",
            "0029_hook_token_digests",
            "0030_test_runs",
            "0031_run_workers",
            "0032_chat_conversations_by_visitor",
            "0033_webhook_attempt_answer",
            "0034_automation_waitpoints",
            "accounts/0001_tenant_weight",
            "accounts/0002_tenant_run_cap",
            "accounts/0003_tenant_suspension",
            "accounts/0004_tenant_deletions",
            "automations/0001_agent_turns",
            "automations/0002_step_results",
            "automations/0003_run_expiry",
            "automations/0004_run_concurrency",
            "automations/0005_node_offline",
            "automations/0006_node_command_retention",
            "automations/0007_retention",
            "calling/0001_calls_in_progress",
            "calling/0002_hosted_sip_numbers",
            "calling/0003_call_days",
            "chat/0001_webhook_health",
            "chat/0002_visitor_tokens_by_tenant",
            "chat/0003_inbox",
            "chat/0004_appearance",
            "chat/0005_notes",
            "chat/0006_canned_responses",
            "chat/0007_labels",
            "chat/0008_agent_presence",
            "chat/0009_files",
            "chat/0010_assignment",
            "chat/0011_search",
            "chat/0012_working_hours",
            "chat/0013_visitor_seen",
            "chat/0014_retention",
            "chat/0015_visitor_token_expiry",
            "jobs/0001_job_backlog",
            "jobs/0002_firing_retention",
            "maildomains/0001_mail_domains",
            "mailreputation/0001_mail_reputation",
            "mailreputation/0002_restarts",
            "retention/0001_tenant_periods",
            "suppressions/0001_email_suppressions",
            "suppressions/0002_email_soft_bounces",
            "suppressions/0003_soft_bounces_by_age",
            "transactional/0001_queued_messages",
            "transactional/0002_message_stream",
            "transactional/0003_template_sender",
            "transactional/0004_message_reports",
            "transactional/0005_content_retention",
            "webhooks/0001_endpoint_controls",
            "webhooks/0002_retention",
            "webhooks/0003_retention_by_tenant"
          ])
          return db
        })
      )
    )
    await expect(sql`select 1`.execute(db.db)).rejects.toThrow()
  })

  it("replaces the webhook tokens stored before 0029 by their SHA-256 digests, in workflows and flows", async () => {
    const db = await runtime.runPromise(KyselyDatabase)
    const tenant = { id: globalThis.crypto.randomUUID(), name: "Hooks", entitlements: [], weight: 1, maxRunningRuns: null, suspension: null, createdAt: new Date() }
    const token = "hook-token-0123456789abcdef"
    const digest = createHash("sha256").update(token).digest("hex")
    const trigger = { schemaVersion: 1, type: "webhook", webhook: { token } }
    const workflow: Workflow = {
      id: globalThis.crypto.randomUUID(),
      tenantId: tenant.id,
      name: "Hooked",
      active: true,
      trigger,
      steps: [{ type: "log" }],
      flowId: globalThis.crypto.randomUUID(),
      revision: 1,
      createdAt: new Date(),
      updatedAt: new Date()
    }
    await runtime.runPromise(
      Effect.gen(function* () {
        yield* Effect.orDie((yield* TenantRepository).insert(tenant))
        yield* (yield* WorkflowRepository).save(workflow)
        yield* (yield* FlowRepository).save({
          id: workflow.flowId,
          tenantId: tenant.id,
          workflowId: workflow.id,
          revision: 1,
          state: { name: "Hooked", active: true, triggerJson: trigger, stepsJson: [], deleted: false },
          createdAt: new Date(),
          updatedAt: new Date()
        })
      })
    )
    await hookTokenDigests.up(db.db.withSchema(db.schema))
    const stored = await runtime.runPromise(
      Effect.all([
        Effect.flatMap(WorkflowRepository, (workflows) => workflows.find(tenant.id, workflow.id)),
        Effect.flatMap(FlowRepository, (flows) => flows.find(tenant.id, workflow.flowId))
      ])
    )
    const sealed = { schemaVersion: 1, type: "webhook", webhook: { tokenDigest: digest } }
    expect(Option.getOrThrow(stored[0]).trigger).toEqual(sealed)
    expect(Option.getOrThrow(stored[1]).state.triggerJson).toEqual(sealed)
  })

  it("reads a page of calls with an index scan in keyset order, never a sort", async () => {
    const db = await runtime.runPromise(KyselyDatabase)
    const tenants = Array.from({ length: 5 }, () => globalThis.crypto.randomUUID())
    const base = Date.parse("2026-11-01T00:00:00.000Z")
    const results = ["completed", "missed", "busy", "voicemail"] as const
    const calls: Array<Call> = Array.from({ length: 5_000 }, (_, i) => ({
      id: globalThis.crypto.randomUUID(),
      tenantId: tenants[i % tenants.length],
      fromId: "+15550100",
      toId: "+15550199",
      direction: i % 3 === 0 ? "outbound" : "inbound",
      durationSecs: i % 600,
      result: results[i % results.length],
      startedAt: new Date(base + i * 60_000),
      endedAt: null,
      callSid: null,
      mosScore: null
    }))
    await runtime.runPromise(Effect.flatMap(CallRepository, (repository) => repository.insertMany(calls)))
    await sql`analyze ${sql.id(db.schema, "calls")}`.execute(db.db)

    const tenantId = tenants[0]
    const after = { startedAt: new Date(base + 2_500 * 60_000), id: calls[2_500].id }
    const queries: ReadonlyArray<[CallQuery, string]> = [
      [{ limit: 26 }, "calls_tenant_started_idx"],
      [{ limit: 26, after }, "calls_tenant_started_idx"],
      [{ limit: 26, direction: "inbound" }, "calls_tenant_direction_started_idx"],
      [{ limit: 26, direction: "outbound", after }, "calls_tenant_direction_started_idx"],
      [{ limit: 26, result: "missed" }, "calls_tenant_result_started_idx"],
      [{ limit: 26, result: "completed", after }, "calls_tenant_result_started_idx"]
    ]
    for (const [query, index] of queries) {
      const compiled = listCallsQuery(db.db, tenantId, query).compile()
      const { rows } = await db.db.executeQuery<{ "QUERY PLAN": ReadonlyArray<{ Plan: PlanNode }> }>(
        CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters])
      )
      const nodes = flatten(rows[0]["QUERY PLAN"][0].Plan)
      const context = `${JSON.stringify(query)}: ${nodes.map((node) => node["Node Type"]).join(" > ")}`
      const scan = nodes.find((node) => node["Node Type"] === "Index Scan" && node["Index Name"] === index)
      expect(scan, context).toBeDefined()
      // The keyset position bounds the index range instead of filtering rows read from its start.
      if (query.after !== undefined) expect(scan?.["Index Cond"], context).toContain("ROW(started_at, id) <")
      expect(
        nodes.some((node) => node["Node Type"].includes("Sort")),
        context
      ).toBe(false)
    }
  })

  it("finds a tenant's event workflows through their partial index, in order, never a sort", async () => {
    const db = await runtime.runPromise(KyselyDatabase)
    const base = Date.parse("2026-11-01T00:00:00.000Z")
    const tenants = Array.from({ length: 5 }, (_, i) => ({
      id: globalThis.crypto.randomUUID(),
      name: `Tenant ${i}`,
      entitlements: [],
      weight: 1,
      maxRunningRuns: null,
      suspension: null,
      createdAt: new Date(base)
    }))
    // Most workflows are not event workflows, or are inactive: the index holds only the others.
    const workflows: Array<Workflow> = Array.from({ length: 2_000 }, (_, i) => ({
      id: globalThis.crypto.randomUUID(),
      tenantId: tenants[i % tenants.length].id,
      name: `Workflow ${i}`,
      active: i % 3 !== 0,
      trigger:
        i % 20 < 2
          ? { schemaVersion: 1, type: "event", events: i % 2 === 0 ? ["message.created"] : ["csat.submitted"] }
          : { schemaVersion: 1, type: "schedule", everySeconds: 60 },
      steps: [{ type: "log", message: "hi" }],
      flowId: globalThis.crypto.randomUUID(),
      revision: 1,
      createdAt: new Date(base + i * 60_000),
      updatedAt: new Date(base + i * 60_000)
    }))
    await runtime.runPromise(
      Effect.gen(function* () {
        const repository = yield* TenantRepository
        for (const tenant of tenants) yield* Effect.orDie(repository.insert(tenant))
        const stored = yield* WorkflowRepository
        yield* Effect.forEach(workflows, stored.save, { concurrency: 10, discard: true })
      })
    )
    await sql`analyze ${sql.id(db.schema, "automation_workflows")}`.execute(db.db)

    for (const types of [["message.created"], ["message.created", "csat.submitted", "conversation.created"]]) {
      const compiled = eventTriggeredWorkflowsQuery(db.db, tenants[0].id, types).compile()
      const { rows } = await db.db.executeQuery<{ "QUERY PLAN": ReadonlyArray<{ Plan: PlanNode }> }>(
        CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters])
      )
      const nodes = flatten(rows[0]["QUERY PLAN"][0].Plan)
      const context = `${JSON.stringify(types)}: ${nodes.map((node) => node["Node Type"]).join(" > ")}`
      expect(
        nodes.some(
          (node) => node["Node Type"] === "Index Scan" && node["Index Name"] === "automation_workflows_event_idx"
        ),
        context
      ).toBe(true)
      expect(
        nodes.some((node) => node["Node Type"].includes("Sort")),
        context
      ).toBe(false)
    }
  })
})

const moduleDatabaseUrl = temporaryDatabaseForFile()
let moduleDatabase: Kysely<any> | undefined
afterAll(() => moduleDatabase?.destroy())
const connectModuleDatabase = () => {
  moduleDatabase ??= new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: moduleDatabaseUrl(), max: 2 }) })
  })
  return moduleDatabase
}
moduleMigrationsSuite("on PostgreSQL", connectModuleDatabase)
stepResultsMigrationSuite("on PostgreSQL", connectModuleDatabase)
callDaysMigrationSuite("on PostgreSQL", connectModuleDatabase)
inboxMigrationSuite("on PostgreSQL", connectModuleDatabase)
