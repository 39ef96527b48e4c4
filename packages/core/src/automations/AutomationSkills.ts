import { Effect, Option, Schema } from "effect"
import { screenJson, storableText } from "../http/Inputs.js"
import type { Skill } from "../module/Skill.js"
import { Json, Text, WebUrl, builtInSkill } from "../module/SkillInputs.js"
import { SkillBusy, SkillFailed } from "../module/SkillRunner.js"
import { isUuid } from "../platform/Crypto.js"
import { OutboundHttp } from "../platform/OutboundHttp.js"
import type { JsonObject } from "./records/Workflow.js"
import { MemoryService } from "./governance/MemoryService.js"
import { RunEngine } from "./runs/RunEngine.js"

/** How long a partner may take to answer `webhook.deliver`, once one of its connections is free. */
const DELIVER_TIMEOUT = "15 seconds"
/**
 * How long `webhook.deliver` waits for one of its partner's connections: past it the step waits a
 * few seconds without a worker (SkillBusy), rather than holding one while the partner is busy.
 */
const DELIVER_CONNECTION_WAIT = "500 millis"

const logWrite = builtInSkill({
  id: "log.write",
  input: { message: Text(10_000) },
  description: "Writes a line to the run's log.",
  sideEffects: false,
  run: (call) => {
    const message = String(call.input.message ?? "")
    return Effect.succeed({ output: { message }, outputText: message })
  }
})

/**
 * POSTs the step's `body` as JSON through the guarded client, with the step's idempotency key
 * (the same on a repeated try of the same attempt) so the partner can drop a duplicate.
 */
const webhookDeliver = builtInSkill({
  id: "webhook.deliver",
  input: {
    url: WebUrl,
    body: Schema.optional(Json),
    headers: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String }))
  },
  description: "POSTs JSON to a partner system over HTTPS.",
  messageChannel: "webhook",
  partnerUrlField: "url",
  run: (call) =>
    Effect.flatMap(OutboundHttp, (http) =>
      http
        .post({
          url: String(call.input.url),
          headers: {
            ...(call.input.headers as Record<string, string> | undefined),
            "content-type": "application/json",
            "idempotency-key": call.idempotencyKey
          },
          body: JSON.stringify(call.input.body ?? {}),
          timeout: DELIVER_TIMEOUT,
          connectionWait: DELIVER_CONNECTION_WAIT
        })
        .pipe(
          Effect.mapError((error) =>
            error._tag === "OutboundBusy"
              ? new SkillBusy({ message: `The partner was busy: ${error.message}` })
              : new SkillFailed({ message: `The partner could not be reached: ${error.message}` })
          ),
          Effect.flatMap((response) => {
            if (response.status < 200 || response.status >= 300) {
              return Effect.fail(new SkillFailed({ message: `The partner answered HTTP ${response.status}.` }))
            }
            // The partner's answer is stored with the step: JSON when storage can keep it as it
            // came (not too deep, no NUL), else as text with what it cannot keep replaced.
            const text = storableText(response.body)
            let body: unknown = text
            try {
              const parsed: unknown = response.body === "" ? null : JSON.parse(response.body)
              if (screenJson(parsed) === undefined) body = parsed
            } catch {
              // Not JSON: kept as text.
            }
            return Effect.succeed({
              output: { url: String(call.input.url), status: response.status, body },
              outputText: text
            })
          })
        )
    )
})

/** A failure of a service the skill calls, as the step's error. */
const asStepFailure = (error: { readonly message: string }) => new SkillFailed({ message: error.message })

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value))

/** Reads an entry (audited as the run's read); a missing key is no failure: `found` says so. */
const memoryRead = builtInSkill({
  id: "memory.read",
  input: { key: Text(200) },
  description: "Reads a memory entry.",
  // Its audit row aside, reading again changes nothing that matters.
  sideEffects: false,
  run: (call) => {
    const key = String(call.input.key)
    const stored = `${call.memoryPrefix ?? ""}${key}`
    return Effect.flatMap(MemoryService, (memory) => memory.read(call.tenantId, stored, `run:${call.runId}`)).pipe(
      Effect.mapError(asStepFailure),
      Effect.map(
        Option.match({
          onNone: () => ({ output: { key, found: false, value: null }, outputText: "" }),
          onSome: (entry) => ({ output: { key, found: true, value: entry.value }, outputText: asText(entry.value) })
        })
      )
    )
  }
})

/** Writes an entry (audited as the run's write). */
const memoryWrite = builtInSkill({
  id: "memory.write",
  input: { key: Text(200), value: Json },
  description: "Writes a memory entry.",
  run: (call) => {
    const key = String(call.input.key)
    const stored = `${call.memoryPrefix ?? ""}${key}`
    return Effect.flatMap(MemoryService, (memory) =>
      memory.write(call.tenantId, stored, call.input.value ?? null, `run:${call.runId}`)
    ).pipe(
      Effect.mapError(asStepFailure),
      Effect.map((entry) => ({ output: { key, value: entry.value }, outputText: asText(entry.value) }))
    )
  }
})

/** How deep runs may spawn runs: a workflow that spawns itself stops here instead of looping forever. */
export const MAX_SUBAGENT_DEPTH = 5

/**
 * Queues a child run of a workflow of the same tenant, with `parentRunId` set, and goes on
 * without waiting for it. Keyed by (run, step), so a step tried again after a crash answers the
 * child it queued the first time.
 */
const subagentSpawn = builtInSkill({
  id: "subagent.spawn",
  input: {
    workflowId: Text(200),
    context: Schema.optional(Schema.String),
    payload: Schema.optional(Schema.Record({ key: Schema.String, value: Json }))
  },
  description: "Starts a child run of a workflow.",
  run: (call) =>
    Effect.gen(function* () {
      const runs = yield* RunEngine
      const workflowId = String(call.input.workflowId).toLowerCase()
      if (!isUuid(workflowId)) return yield* new SkillFailed({ message: "workflowId must be a workflow id (a uuid)." })
      let depth = 1
      for (let parent = yield* runs.get(call.tenantId, call.runId); parent.parentRunId !== null; depth++) {
        if (depth >= MAX_SUBAGENT_DEPTH) {
          return yield* new SkillFailed({
            message: `Runs spawned by runs may nest ${MAX_SUBAGENT_DEPTH} deep at most.`
          })
        }
        // An ancestor pruned past its retention period ends the line there.
        const grandparent = yield* Effect.option(runs.get(call.tenantId, parent.parentRunId))
        if (Option.isNone(grandparent)) break
        parent = grandparent.value
      }
      const child = yield* runs.start(
        call.tenantId,
        workflowId,
        {
          context: typeof call.input.context === "string" ? call.input.context : undefined,
          payload: (call.input.payload as JsonObject | undefined) ?? undefined
        },
        { type: "subagent", event: null },
        { parentRunId: call.runId, idempotencyKey: `subagent:${call.runId}:${call.stepIndex}`, test: call.test }
      )
      return { output: { runId: child.id, workflowId: child.workflowId, status: child.status }, outputText: child.id }
    }).pipe(Effect.mapError((error) => (error instanceof SkillFailed ? error : asStepFailure(error))))
})

/** The skills the automations module runs itself. */
export const automationSkills: ReadonlyArray<Skill<OutboundHttp | MemoryService | RunEngine>> = [
  logWrite,
  webhookDeliver,
  memoryRead,
  memoryWrite,
  subagentSpawn
]
