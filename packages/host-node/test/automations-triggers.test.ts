import { mkdtempSync, rmSync } from "node:fs"
import { type Server, type ServerResponse, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ServiceKit } from "@servicekit/core"
import { ScheduleStore, type StoredSchedule } from "@servicekit/core/internal"
import {
  type MemoryOutboundAnswer,
  layerMemory,
  layerMemoryOutboundHttp,
  testDashboardToken
} from "@servicekit/core/testing"
import { Effect, Layer, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCaller, automationsClient, automationsTenants, expectJson, until } from "./automationsClient.js"
import { type Serving, expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-triggers-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A partner that holds every request until released: what keeps runs `running` in a webhook.deliver step. */
interface SlowPartner {
  /** Starts it; its URL. */
  readonly start: () => Promise<string>
  readonly held: () => number
  readonly release: () => void
  readonly stop: () => Promise<void>
}

/** A real HTTP server on loopback (the kit's outbound client must allow private addresses). */
const httpPartner = (): SlowPartner => {
  const held: Array<ServerResponse> = []
  let server: Server
  return {
    held: () => held.length,
    release: () => {
      for (const response of held.splice(0)) {
        response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
      }
    },
    start: () =>
      new Promise<string>((resolve) => {
        server = createServer((request, response) => {
          request.resume()
          request.on("end", () => held.push(response))
        })
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/slow`)
        )
      }),
    stop: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/** The memory outbound client's target, answering when released. */
const memoryPartner = () => {
  const held: Array<() => void> = []
  const answer: MemoryOutboundAnswer = {
    status: 200,
    headers: { "content-type": "application/json" },
    body: '{"ok":true}'
  }
  return {
    respond: () => Effect.async<MemoryOutboundAnswer>((resume) => void held.push(() => resume(Effect.succeed(answer)))),
    held: () => held.length,
    release: () => {
      for (const resume of held.splice(0)) resume()
    },
    start: async () => "https://partner.example.com/slow",
    stop: async () => {}
  }
}

const variants: ReadonlyArray<{
  readonly name: string
  readonly partner: () => SlowPartner & { readonly respond?: () => Effect.Effect<MemoryOutboundAnswer> }
  readonly kit: (partner: { readonly respond?: () => Effect.Effect<MemoryOutboundAnswer> }) => Serving
}> = [
  {
    name: "the embedded default (PGlite, pg-boss in-process, the scheduler in-process)",
    partner: httpPartner,
    kit: () => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true" })
  },
  {
    name: "the memory fakes",
    partner: memoryPartner,
    kit: (partner) => ({
      kit: ServiceKit.make(Layer.merge(layerMemory(), layerMemoryOutboundHttp({ respond: partner.respond }))),
      mintToken: async (claims) => testDashboardToken(claims)
    })
  }
]

for (const variant of variants) {
  describe(`Automations triggers on ${variant.name}`, () => {
    const partner = variant.partner()
    const served = serve(() => variant.kit(partner))
    let partnerUrl: string
    let key: string
    let chatKey: string
    let otherKey: string

    const call = apiCaller(served)
    const client = automationsClient(served, () => key)
    const api = client.api
    const chat = call(() => chatKey)
    const json = expectJson
    const workflow = (triggerJson: Record<string, unknown>, stepsJson: Array<unknown>, extra = {}) =>
      client.workflow(stepsJson, { triggerJson: { schemaVersion: 1, ...triggerJson }, ...extra })
    /** The workflow's runs, oldest first. */
    const runsOf = async (workflowId: string, using = api): Promise<Array<any>> =>
      (await json(await using("GET", `/automations/runs?workflowId=${workflowId}&limit=100`))).data.reverse()
    const finished = (run: any) => ["succeeded", "failed", "skipped", "cancelled"].includes(run.status)
    const scheduleOf = (workflowId: string): Promise<StoredSchedule | undefined> =>
      served.kit.runtime.runPromise(
        Effect.map(
          Effect.flatMap(ScheduleStore, (store) => store.find(`automations:workflow:${workflowId}`)),
          Option.getOrUndefined
        )
      )

    beforeAll(async () => {
      partnerUrl = await partner.start()
      ;({ key, chatKey, otherKey } = await automationsTenants(
        served,
        "Triggers",
        ["automations", "chat"],
        ["automations", "chat"]
      ))
      await served.kit.startWorkers()
    })
    afterAll(() => partner.stop())

    it("fires an everySeconds schedule once per due time, never early; deactivating or deleting stops it", async () => {
      const steps = [{ type: "log", message: "{{event.type}} due {{payload.dueAt}}" }]
      const paused = await workflow({ type: "schedule", everySeconds: 1 }, steps)
      const deleted = await workflow({ type: "schedule", everySeconds: 1 }, steps)
      const runs = await until("three finished runs", async () => {
        const all = await runsOf(paused.id)
        return all.filter(finished).length >= 3 ? all.filter(finished) : undefined
      })
      for (const run of runs) {
        expect(run).toMatchObject({ status: "succeeded", trigger: { type: "schedule", event: null }, context: "" })
        expect(run.stepsResultJson[0].outputText).toBe(`schedule due ${run.payload.dueAt}`)
        expect(Date.parse(run.createdAt)).toBeGreaterThanOrEqual(Date.parse(run.payload.dueAt))
      }
      // One run per due time, each on the schedule's one-second grid.
      const due = runs.map((run) => Date.parse(run.payload.dueAt))
      expect(new Set(due).size).toBe(due.length)
      for (let i = 1; i < due.length; i++) expect((due[i] - due[i - 1]) % 1_000).toBe(0)

      await until("a run of the other workflow", async () => ((await runsOf(deleted.id)).length > 0 ? true : undefined))
      await json(await api("PATCH", `/automations/workflows/${paused.id}`, { active: false }))
      await json(await api("DELETE", `/automations/workflows/${deleted.id}`))
      expect(await scheduleOf(paused.id)).toBeUndefined()
      expect(await scheduleOf(deleted.id)).toBeUndefined()
      // A firing taken just before the change may still end; none starts after it.
      await sleep(1_000)
      const counts = [(await runsOf(paused.id)).length, (await runsOf(deleted.id)).length]
      await sleep(3_000)
      expect([(await runsOf(paused.id)).length, (await runsOf(deleted.id)).length]).toEqual(counts)
    })

    it("keeps the next due time through a rename or new steps, and moves it only when the timing or active flag changes", async () => {
      const created = await workflow({ type: "schedule", everySeconds: 3_600 }, [{ type: "log", message: "hourly" }])
      const first = (await scheduleOf(created.id))!
      expect(first.spec).toEqual({ everySeconds: 3_600 })
      expect(first.nextDueAt!.getTime() - Date.parse(created.createdAt)).toBeGreaterThanOrEqual(3_599_000)

      await sleep(1_100)
      await json(await api("PATCH", `/automations/workflows/${created.id}`, { name: "Renamed" }))
      await json(
        await api("PATCH", `/automations/workflows/${created.id}`, { stepsJson: [{ type: "log", message: "other" }] })
      )
      // The same timing written again (with a key of its own) is no change either.
      await json(
        await api("PATCH", `/automations/workflows/${created.id}`, {
          triggerJson: { schemaVersion: 1, type: "schedule", everySeconds: 3_600, label: "hourly" }
        })
      )
      expect((await scheduleOf(created.id))!.nextDueAt).toEqual(first.nextDueAt)

      await json(
        await api("PATCH", `/automations/workflows/${created.id}`, {
          triggerJson: { schemaVersion: 1, type: "schedule", everySeconds: 7_200 }
        })
      )
      const moved = (await scheduleOf(created.id))!
      expect(moved.spec).toEqual({ everySeconds: 7_200 })
      expect(moved.nextDueAt!.getTime()).toBeGreaterThan(first.nextDueAt!.getTime())

      await json(await api("PATCH", `/automations/workflows/${created.id}`, { active: false }))
      expect(await scheduleOf(created.id)).toBeUndefined()
      await json(await api("PATCH", `/automations/workflows/${created.id}`, { active: true }))
      expect((await scheduleOf(created.id))!.spec).toEqual({ everySeconds: 7_200 })
      await json(
        await api("PATCH", `/automations/workflows/${created.id}`, {
          triggerJson: { schemaVersion: 1, type: "manual" }
        })
      )
      expect(await scheduleOf(created.id)).toBeUndefined()
    })

    it("validates cron and at, schedules a cron on its UTC grid, and fires a one-shot at once", async () => {
      const refused = async (triggerJson: Record<string, unknown>, field: string) => {
        const response = await api("POST", "/automations/workflows", {
          name: "Bad timing",
          triggerJson: { schemaVersion: 1, ...triggerJson },
          stepsJson: [{ type: "log", message: "x" }]
        })
        const error = await expectRefusal(response, 400, "validation_failed")
        expect(error.details?.map((detail) => detail.field)).toEqual([field])
      }
      await refused({ type: "schedule", cron: "*/5 * * * * *" }, "triggerJson.cron")
      await refused({ type: "schedule", cron: "61 * * * *" }, "triggerJson.cron")
      await refused({ type: "schedule", at: "2030-01-01" }, "triggerJson.at")
      await refused({ type: "schedule", at: "tomorrow" }, "triggerJson.at")
      await refused({ type: "schedule", everySeconds: 60, cron: "* * * * *" }, "triggerJson.cron")
      await refused({ type: "heartbeat", everySeconds: 0 }, "triggerJson.everySeconds")

      const weekdays = await workflow({ type: "schedule", cron: "0 9 * * 1-5" }, [{ type: "log", message: "standup" }])
      const next = (await scheduleOf(weekdays.id))!.nextDueAt!
      expect(next.getTime()).toBeGreaterThan(Date.now())
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(4 * 86_400_000)
      expect([next.getUTCHours(), next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([9, 0, 0])
      expect([1, 2, 3, 4, 5]).toContain(next.getUTCDay())
      await json(await api("DELETE", `/automations/workflows/${weekdays.id}`))

      const at = new Date(Math.ceil((Date.now() + 1_500) / 1_000) * 1_000).toISOString()
      const once = await workflow({ type: "schedule", at }, [{ type: "log", message: "once at {{payload.dueAt}}" }])
      const [run] = await until("the one-shot's run", async () => {
        const all = await runsOf(once.id)
        return all.some(finished) ? all : undefined
      })
      expect(run).toMatchObject({
        status: "succeeded",
        trigger: { type: "schedule", event: null },
        payload: { dueAt: at }
      })
      expect(Date.parse(run.createdAt)).toBeGreaterThanOrEqual(Date.parse(at))
      expect((await scheduleOf(once.id))!.nextDueAt).toBeNull()
      await sleep(2_000)
      expect(await runsOf(once.id)).toHaveLength(1)
    })

    it("runs a heartbeat with its checklist, and records an empty heartbeat as skipped", async () => {
      const checklist = ["Check the inbox", "Review open tickets"]
      const beating = await workflow({ type: "heartbeat", everySeconds: 1, checklist }, [
        { type: "log", message: "{{context}}" }
      ])
      const empty = await workflow({ type: "heartbeat", everySeconds: 1, checklist: [] }, [
        { type: "log" },
        { type: "log", message: "" }
      ])
      const [ran] = await until("a heartbeat run", async () => {
        const done = (await runsOf(beating.id)).filter(finished)
        return done.length > 0 ? done : undefined
      })
      expect(ran).toMatchObject({
        status: "succeeded",
        trigger: { type: "heartbeat", event: null },
        context: "Check the inbox\nReview open tickets",
        payload: { checklist }
      })
      expect(ran.stepsResultJson[0].outputText).toBe("Check the inbox\nReview open tickets")

      const skipped = await until("two empty heartbeats", async () => {
        const all = await runsOf(empty.id)
        return all.length >= 2 ? all : undefined
      })
      for (const run of skipped) {
        expect(run).toMatchObject({
          status: "skipped",
          reason: "empty-heartbeat",
          trigger: { type: "heartbeat", event: null },
          stepsResultJson: []
        })
      }
      for (const id of [beating.id, empty.id]) await json(await api("DELETE", `/automations/workflows/${id}`))
    })

    it("skips a firing while 3 runs are running, and fires it again soon after they finish", async () => {
      const slow = await workflow({ type: "manual" }, [
        { type: "skill", skillId: "webhook.deliver", input: { url: "{{payload.partner}}", body: { n: 1 } } }
      ])
      const held = await Promise.all(
        [1, 2, 3].map(async () =>
          json(await api("POST", `/automations/workflows/${slow.id}/run`, { payload: { partner: partnerUrl } }))
        )
      )
      await until("three running runs", async () => {
        const running = (await runsOf(slow.id)).filter((run) => run.status === "running")
        return running.length === 3 && partner.held() === 3 ? true : undefined
      })

      // Hourly; its first due time is brought forward to now, as if the hour had passed.
      const hourly = await workflow({ type: "schedule", everySeconds: 3_600 }, [
        { type: "log", message: "ran for {{payload.dueAt}}" }
      ])
      const dueAt = new Date(Math.floor(Date.now() / 1_000) * 1_000)
      await served.kit.runtime.runPromise(
        Effect.flatMap(ScheduleStore, (store) =>
          Effect.flatMap(store.find(`automations:workflow:${hourly.id}`), (schedule) =>
            store.upsert({ ...Option.getOrThrow(schedule), nextDueAt: dueAt })
          )
        )
      )
      const [skipped] = await until("the busy skip", async () => {
        const all = await runsOf(hourly.id)
        return all.length > 0 ? all : undefined
      })
      expect(skipped).toMatchObject({
        status: "skipped",
        reason: "busy: 3 runs running",
        trigger: { type: "schedule", event: null }
      })

      partner.release()
      for (const run of held) {
        await until("a held run to end", async () =>
          finished(await json(await api("GET", `/automations/runs/${run.id}`))) ? true : undefined
        )
      }
      const [, retried] = await until("the deferred firing's run", async () => {
        const all = await runsOf(hourly.id)
        return all.length > 1 && finished(all[1]) ? all : undefined
      })
      expect(retried).toMatchObject({
        status: "succeeded",
        trigger: { type: "schedule", event: null },
        payload: { dueAt: dueAt.toISOString() }
      })
      expect(retried.stepsResultJson[0].outputText).toBe(`ran for ${dueAt.toISOString()}`)
      // Tried again within seconds of the due time, not an interval (an hour) later.
      expect(Date.parse(retried.createdAt) - dueAt.getTime()).toBeLessThan(60_000)
      expect((await scheduleOf(hourly.id))!.nextDueAt).toEqual(new Date(dueAt.getTime() + 3_600_000))
      expect(await runsOf(hourly.id)).toHaveLength(2)
    })

    it("starts event workflows from Live Chat events with the event's payload, never from an automation's own messages", async () => {
      const onMessage = await workflow({ type: "event", events: ["message.created"] }, [
        { type: "log", message: "{{event.type}}: {{payload.message.content}} in {{payload.conversationId}}" }
      ])
      const onConversation = await workflow(
        { type: "event", events: ["conversation.created", "conversation.closed"] },
        [{ type: "log", message: "{{event.type}} {{payload.conversation.name}}" }]
      )
      // Answers every message in the conversation: its own answer must not start it again.
      const answering = await workflow({ type: "event", events: ["message.created"] }, [
        {
          type: "skill",
          skillId: "chat.post_message",
          input: { channelId: "{{payload.conversationId}}", content: "Thanks!" }
        }
      ])
      const inactive = await workflow(
        { type: "event", events: ["message.created"] },
        [{ type: "log", message: "no" }],
        {
          active: false
        }
      )
      const otherTenants = await json(
        await call(() => otherKey)("POST", "/automations/workflows", {
          name: "Elsewhere",
          triggerJson: { schemaVersion: 1, type: "event", events: ["message.created", "conversation.created"] },
          stepsJson: [{ type: "log", message: "no" }]
        })
      )

      const session = await json(
        await chat("POST", "/chat/sessions", { externalId: "visitor-1", name: "Order question" })
      )
      const conversationId = session.conversationId
      await json(
        await chat("POST", `/chat/conversations/${conversationId}/messages`, { content: "Where is my order?" })
      )

      const settledRun = (id: string) =>
        until(`a finished run of ${id}`, async () => {
          const all = await runsOf(id)
          return all.length > 0 && all.every(finished) ? all : undefined
        })
      const [message] = await settledRun(onMessage.id)
      expect(message).toMatchObject({
        status: "succeeded",
        trigger: { type: "event", event: "message.created" },
        payload: { conversationId, message: { content: "Where is my order?", authorType: "api", sequence: 1 } }
      })
      expect(message.stepsResultJson[0].outputText).toBe(`message.created: Where is my order? in ${conversationId}`)
      const [created] = await settledRun(onConversation.id)
      expect(created).toMatchObject({ trigger: { type: "event", event: "conversation.created" } })
      expect(created.stepsResultJson[0].outputText).toBe("conversation.created Order question")
      const [answered] = await settledRun(answering.id)
      expect(answered.status).toBe("succeeded")

      // The answer is posted, once, and started nothing: every workflow ran once per event it names.
      await sleep(1_500)
      const messages = await json(await chat("GET", `/chat/conversations/${conversationId}/messages`))
      expect(messages.data.map((item: any) => [item.authorType, item.content])).toEqual([
        ["api", "Where is my order?"],
        ["system", "Thanks!"]
      ])
      expect(await runsOf(onMessage.id)).toHaveLength(1)
      expect(await runsOf(answering.id)).toHaveLength(1)
      expect(await runsOf(onConversation.id)).toHaveLength(1)
      expect(await runsOf(inactive.id)).toHaveLength(0)
      expect(
        await runsOf(
          otherTenants.id,
          call(() => otherKey)
        )
      ).toHaveLength(0)
    })
  })
}
