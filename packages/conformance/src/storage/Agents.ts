import type { Agent, Channel, Session, SessionEntry } from "@servicekit/core/automations"
import {
  AgentRepository,
  ChannelRepository,
  SessionRepository,
  type TenantRepository,
  type UnitOfWork,
  sessionKey,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, allPages, at, insertTenant, newestFirst, plus, uuid } from "./fixtures.js"

const T0 = at("2026-08-01T09:00:00.000Z")

const makeSession = (tenantId: string, overrides: Partial<Session> = {}): Session => {
  const scope = overrides.scope ?? "dm"
  const peer = overrides.peer === undefined ? "visitor-1" : overrides.peer
  return {
    id: uuid(),
    tenantId,
    scope,
    agentId: null,
    peer,
    key: sessionKey(scope, overrides.agentId ?? null, peer),
    title: null,
    compactedThrough: 0,
    summarySeq: null,
    nextSeq: 1,
    createdAt: T0,
    updatedAt: T0,
    ...overrides
  }
}

const makeEntry = (session: Session, seq: number, overrides: Partial<SessionEntry> = {}): SessionEntry => ({
  id: uuid(),
  tenantId: session.tenantId,
  sessionId: session.id,
  seq,
  role: "user",
  content: `entry ${seq} — naïve ✓ 東京`,
  toolCall: null,
  callSeq: null,
  covers: null,
  source: `run:0:1:${seq}:part`,
  tokens: 10,
  createdAt: T0,
  ...overrides
})

export const sessionsSuite: StorageSuite<SessionRepository | TenantRepository | UnitOfWork> = {
  name: "automation sessions",
  tests: (it) => {
    it.effect("keeps one session per key and tenant, lists them newest first by filter, and finds none elsewhere", () =>
      Effect.gen(function* () {
        const sessions = yield* SessionRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first = makeSession(tenant.id)
        expect(yield* sessions.findOrCreate(first)).toEqual(first)
        // The same key answers the stored session, not the new one.
        expect(yield* sessions.findOrCreate(makeSession(tenant.id, { title: "again" }))).toEqual(first)
        const elsewhere = yield* sessions.findOrCreate(makeSession(other.id))
        expect(elsewhere.id).not.toBe(first.id)

        const made = [first]
        for (const [index, scope] of (["group", "run", "workspace", "dm"] as const).entries()) {
          made.push(
            yield* sessions.findOrCreate(
              makeSession(tenant.id, {
                scope,
                peer: scope === "workspace" ? null : `peer-${index}`,
                createdAt: plus(T0, index * MINUTE)
              })
            )
          )
        }
        const all = yield* allPages((after) => sessions.list(tenant.id, { limit: 2, after }, {}), 2)
        expect(all).toEqual([...made].sort(newestFirst((session: Session) => session.createdAt)))
        expect((yield* sessions.list(tenant.id, { limit: 10 }, { scope: "dm" })).map((s) => s.peer).sort()).toEqual([
          "peer-3",
          "visitor-1"
        ])
        expect((yield* sessions.list(tenant.id, { limit: 10 }, { peer: "peer-1" })).map((s) => s.scope)).toEqual([
          "run"
        ])
        expect(yield* sessions.list(tenant.id, { limit: 10 }, { agentId: uuid() })).toEqual([])
        expect(yield* sessions.find(other.id, first.id)).toEqual(Option.none())
        expect(yield* sessions.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* sessions.list("not-a-uuid", { limit: 10 }, {})).toEqual([])
      })
    )

    it.effect(
      "numbers entries in order, drops a source the session holds, and compacts from the expected point only",
      () =>
        Effect.gen(function* () {
          const sessions = yield* SessionRepository
          const tenant = yield* insertTenant()
          const other = yield* insertTenant()
          const session = yield* sessions.findOrCreate(makeSession(tenant.id))
          const later = plus(T0, MINUTE)
          expect(yield* sessions.reserve(tenant.id, session.id, 3, later)).toBe(1)
          expect(yield* sessions.reserve(tenant.id, session.id, 2, later)).toBe(4)
          expect(yield* sessions.reserve(other.id, session.id, 1, later)).toBeUndefined()
          expect(yield* sessions.reserve(tenant.id, uuid(), 1, later)).toBeUndefined()
          expect(Option.getOrThrow(yield* sessions.find(tenant.id, session.id))).toMatchObject({
            nextSeq: 6,
            updatedAt: later
          })

          const call = makeEntry(session, 2, {
            role: "assistant",
            toolCall: { skillId: "memory.write", input: { key: "k", value: { nested: [1, "two"] } } }
          })
          const entries = [
            makeEntry(session, 1),
            call,
            makeEntry(session, 3, { role: "tool", callSeq: 2 }),
            makeEntry(session, 4, { source: null }),
            makeEntry(session, 5, { source: null, role: "summary", covers: { fromSeq: 1, toSeq: 3 } })
          ]
          expect(yield* sessions.insertEntries(entries)).toEqual(entries)
          // A repeated source is dropped; another session may hold it.
          const repeated = makeEntry(session, 6, { source: entries[0]!.source })
          expect(yield* sessions.insertEntries([repeated])).toEqual([])
          const second = yield* sessions.findOrCreate(makeSession(tenant.id, { peer: "visitor-2" }))
          expect(yield* sessions.insertEntries([makeEntry(second, 1)])).toHaveLength(1)

          expect(yield* sessions.entries(tenant.id, session.id, { afterSeq: 0, limit: 10 })).toEqual(entries)
          expect((yield* sessions.entries(tenant.id, session.id, { afterSeq: 2, limit: 2 })).map((e) => e.seq)).toEqual(
            [3, 4]
          )
          expect(yield* sessions.entries(other.id, session.id, { afterSeq: 0, limit: 10 })).toEqual([])
          expect(yield* sessions.findEntry(tenant.id, session.id, 2)).toEqual(Option.some(call))
          expect(yield* sessions.findEntry(other.id, session.id, 2)).toEqual(Option.none())

          const change = { from: 0, through: 3, summarySeq: 5, at: later }
          expect(yield* sessions.compact(other.id, session.id, change)).toBe(false)
          expect(yield* sessions.compact(tenant.id, session.id, change)).toBe(true)
          // A compaction that started from the old point lost the race.
          expect(yield* sessions.compact(tenant.id, session.id, { ...change, through: 4 })).toBe(false)
          expect(Option.getOrThrow(yield* sessions.find(tenant.id, session.id))).toMatchObject({
            compactedThrough: 3,
            summarySeq: 5
          })

          // Rolled back with its unit of work.
          const write = Effect.zipRight(
            sessions.reserve(tenant.id, session.id, 1, later),
            sessions.insertEntries([makeEntry(session, 6, { source: "rolled-back" })])
          )
          expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
          expect(yield* sessions.entries(tenant.id, session.id, { afterSeq: 5, limit: 10 })).toEqual([])
          expect(Option.getOrThrow(yield* sessions.find(tenant.id, session.id)).nextSeq).toBe(6)
        })
    )
  }
}

const makeAgent = (tenantId: string, overrides: Partial<Agent> = {}): Agent => ({
  id: uuid(),
  tenantId,
  name: "Support",
  instructions: "Help the customer. «Soyez poli» ✓",
  model: null,
  toolProfile: null,
  skills: ["memory.read"],
  routeKeys: ["channel:c-1", "*"],
  isDefault: false,
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

export const agentsSuite: StorageSuite<AgentRepository | TenantRepository | UnitOfWork> = {
  name: "automation agents",
  tests: (it) => {
    it.effect("stores, replaces, lists and removes a tenant's agents, and finds none elsewhere", () =>
      Effect.gen(function* () {
        const agents = yield* AgentRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const made = [0, 1, 2].map((index) =>
          makeAgent(tenant.id, { name: `Agent ${index}`, createdAt: plus(T0, (2 - index) * MINUTE) })
        )
        for (const agent of made) yield* agents.save(agent)
        yield* agents.save(makeAgent(other.id))
        expect(yield* agents.find(tenant.id, made[0]!.id)).toEqual(Option.some(made[0]))
        expect(yield* agents.find(other.id, made[0]!.id)).toEqual(Option.none())
        expect(yield* agents.all(tenant.id)).toEqual([made[2], made[1], made[0]])
        expect(yield* allPages((after) => agents.list(tenant.id, { limit: 2, after }), 2)).toEqual(made)

        const changed: Agent = {
          ...made[1]!,
          model: "smart",
          toolProfile: "ops",
          routeKeys: ["peer:ada"],
          isDefault: true,
          updatedAt: plus(T0, 5 * MINUTE)
        }
        yield* agents.save(changed)
        expect(yield* agents.find(tenant.id, changed.id)).toEqual(Option.some(changed))

        expect(yield* agents.remove(other.id, made[0]!.id)).toBe(false)
        expect(yield* agents.remove(tenant.id, made[0]!.id)).toBe(true)
        expect(yield* agents.remove(tenant.id, made[0]!.id)).toBe(false)
        expect(yield* agents.remove(tenant.id, "not-a-uuid")).toBe(false)
        expect((yield* agents.all(tenant.id)).map((agent) => agent.id)).toEqual([made[2]!.id, changed.id])
        expect(yield* agents.all("not-a-uuid")).toEqual([])

        const write = agents.save({ ...changed, name: "rolled back" })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
        expect(yield* agents.find(tenant.id, changed.id)).toEqual(Option.some(changed))
      })
    )
  }
}

const makeChannel = (tenantId: string, overrides: Partial<Channel> = {}): Channel => ({
  id: uuid(),
  tenantId,
  name: "Partner",
  type: "webhook",
  config: { url: "https://partner.example/inbox?a=1&b=ü" },
  inboundSecret: "v1.sealed-text",
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

export const channelsSuite: StorageSuite<ChannelRepository | TenantRepository | UnitOfWork> = {
  name: "automation channels",
  tests: (it) => {
    it.effect("stores channels, finds one within its tenant or by id alone, and lists them newest first", () =>
      Effect.gen(function* () {
        const channels = yield* ChannelRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const made = [
          makeChannel(tenant.id),
          makeChannel(tenant.id, {
            type: "email",
            config: { to: ["a@example.com"] },
            inboundSecret: null,
            createdAt: plus(T0, MINUTE)
          }),
          makeChannel(tenant.id, { type: "chat", config: { conversationId: "c-1" }, createdAt: plus(T0, 2 * MINUTE) })
        ]
        for (const channel of made) yield* channels.insert(channel)
        const elsewhere = makeChannel(other.id)
        yield* channels.insert(elsewhere)

        expect(yield* channels.find(tenant.id, made[1]!.id)).toEqual(Option.some(made[1]))
        expect(yield* channels.find(other.id, made[1]!.id)).toEqual(Option.none())
        // By id alone: what an inbound secret is checked against, whichever the tenant.
        expect(yield* channels.findAnywhere(elsewhere.id)).toEqual(Option.some(elsewhere))
        expect(yield* channels.findAnywhere(uuid())).toEqual(Option.none())
        expect(yield* channels.findAnywhere("not-a-uuid")).toEqual(Option.none())
        expect(yield* allPages((after) => channels.list(tenant.id, { limit: 2, after }), 2)).toEqual(
          [...made].reverse()
        )

        const write = channels.insert(makeChannel(tenant.id, { name: "rolled back" }))
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
        expect(yield* channels.list(tenant.id, { limit: 10 })).toHaveLength(3)
      })
    )
  }
}
