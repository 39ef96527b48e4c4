import type { Node, NodeCommand } from "@servicekit/core/automations"
import {
  NodeCommandRepository,
  NodeRepository,
  type TenantRepository,
  type UnitOfWork,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, allPages, at, insertTenant, plus, uuid } from "./fixtures.js"

const T0 = at("2026-09-01T09:00:00.000Z")

const makeNode = (tenantId: string, overrides: Partial<Node> = {}): Node => ({
  id: uuid(),
  tenantId,
  name: "Laptop — Grüße ✓",
  status: "pending",
  platform: null,
  version: null,
  capabilities: [],
  allowSystem: false,
  allowBrowser: false,
  allowedBinaries: [],
  allowedHosts: [],
  pairingCodeDigest: uuid().replaceAll("-", ""),
  pairingExpiresAt: plus(T0, 15 * MINUTE),
  deviceSecretDigest: null,
  pairedAt: null,
  lastSeenAt: null,
  offlineSince: null,
  revokedAt: null,
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

const makeCommand = (node: Node, overrides: Partial<NodeCommand> = {}): NodeCommand => ({
  id: uuid(),
  tenantId: node.tenantId,
  nodeId: node.id,
  runId: uuid(),
  idempotencyKey: `${uuid()}:0:1`,
  command: "system.run",
  params: { argv: ["echo", "naïve ✓ 東京"] },
  status: "queued",
  deliveries: 0,
  deliveredAt: null,
  expiresAt: plus(T0, 10 * MINUTE),
  output: null,
  data: null,
  mimeType: null,
  errorCode: null,
  errorMessage: null,
  completedAt: null,
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

export const nodesSuite: StorageSuite<NodeRepository | NodeCommandRepository | TenantRepository | UnitOfWork> = {
  name: "automation nodes",
  tests: (it) => {
    it.effect(
      "stores nodes, finds one within its tenant, by id alone or by pairing code, and lists them newest first",
      () =>
        Effect.gen(function* () {
          const nodes = yield* NodeRepository
          const tenant = yield* insertTenant()
          const other = yield* insertTenant()
          const made = [0, 1, 2].map((i) => makeNode(tenant.id, { createdAt: plus(T0, i * MINUTE) }))
          for (const node of made) yield* nodes.insert(node)
          const elsewhere = makeNode(other.id)
          yield* nodes.insert(elsewhere)

          expect(yield* nodes.find(tenant.id, made[1]!.id)).toEqual(Option.some(made[1]))
          expect(yield* nodes.find(other.id, made[1]!.id)).toEqual(Option.none())
          expect(yield* nodes.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
          expect(yield* nodes.findAnywhere(elsewhere.id)).toEqual(Option.some(elsewhere))
          expect(yield* nodes.findAnywhere("not-a-uuid")).toEqual(Option.none())
          expect(yield* nodes.findByPairingCode(made[2]!.pairingCodeDigest!)).toEqual(Option.some(made[2]))
          expect(yield* nodes.findByPairingCode("unknown")).toEqual(Option.none())
          expect(yield* allPages((after) => nodes.list(tenant.id, { limit: 2, after }), 2)).toEqual([...made].reverse())

          const write = nodes.insert(makeNode(tenant.id))
          expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
          expect(yield* nodes.list(tenant.id, { limit: 10 })).toHaveLength(3)
        })
    )

    it.effect("updates a node whose status is one of those given, every changing field, never its creation", () =>
      Effect.gen(function* () {
        const nodes = yield* NodeRepository
        const tenant = yield* insertTenant()
        const node = makeNode(tenant.id)
        yield* nodes.insert(node)
        const paired: Node = {
          ...node,
          name: "Front desk",
          status: "paired",
          platform: "linux x64",
          version: "1.2.3",
          capabilities: ["node.ping", "system.run"],
          allowSystem: true,
          allowBrowser: true,
          allowedBinaries: ["/usr/bin/echo", "ls"],
          allowedHosts: ["example.com", "*.example.org"],
          deviceSecretDigest: "f".repeat(64),
          pairedAt: plus(T0, MINUTE),
          lastSeenAt: plus(T0, 2 * MINUTE),
          updatedAt: plus(T0, 2 * MINUTE),
          createdAt: plus(T0, 99 * MINUTE)
        }
        expect(yield* nodes.update(paired, ["pending"])).toBe(true)
        expect(yield* nodes.find(tenant.id, node.id)).toEqual(Option.some({ ...paired, createdAt: T0 }))
        // A second claim finds it paired: refused.
        expect(yield* nodes.update({ ...paired, name: "twice" }, ["pending"])).toBe(false)
        const revoked: Node = {
          ...paired,
          status: "revoked",
          deviceSecretDigest: null,
          revokedAt: plus(T0, 3 * MINUTE)
        }
        expect(yield* nodes.update(revoked, ["pending", "paired"])).toBe(true)
        expect((yield* nodes.find(tenant.id, node.id)).pipe(Option.map((found) => found.status))).toEqual(
          Option.some("revoked")
        )
        expect(yield* nodes.update({ ...revoked, tenantId: (yield* insertTenant()).id }, ["revoked"])).toBe(false)
        expect(yield* nodes.update(makeNode(tenant.id), ["pending"])).toBe(false)
      })
    )

    it.effect("marks offline the paired nodes of every tenant unheard from since a time, longest first, once each", () =>
      Effect.gen(function* () {
        const nodes = yield* NodeRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Long before any other suite's nodes were heard from: the sweep crosses tenants.
        const base = at("2000-01-01T00:00:00.000Z")
        const paired = (tenantId: string, minutes: number | null, overrides: Partial<Node> = {}) =>
          makeNode(tenantId, {
            status: "paired",
            pairingCodeDigest: null,
            deviceSecretDigest: uuid(),
            pairedAt: base,
            lastSeenAt: minutes === null ? null : plus(base, minutes * MINUTE),
            ...overrides
          })
        const first = paired(tenant.id, 0)
        const second = paired(tenant.id, 5)
        const elsewhere = paired(other.id, 1)
        const heard = paired(tenant.id, 20)
        const untouched = [
          heard,
          makeNode(tenant.id, { lastSeenAt: plus(base, 0) }),
          paired(tenant.id, 0, { status: "revoked", deviceSecretDigest: null, revokedAt: base }),
          paired(tenant.id, 0, { offlineSince: plus(base, 3 * MINUTE) })
        ]
        for (const node of [second, ...untouched, elsewhere, first]) yield* nodes.insert(node)
        const seenBefore = plus(base, 10 * MINUTE)
        const now = plus(base, 11 * MINUTE)
        const marked = (node: Node): Node => ({ ...node, offlineSince: now })

        expect(yield* nodes.markOffline(seenBefore, now, 2)).toEqual([marked(first), marked(elsewhere)])
        expect(yield* nodes.markOffline(seenBefore, now, 10)).toEqual([marked(second)])
        expect(yield* nodes.markOffline(seenBefore, now, 10)).toEqual([])
        expect(yield* nodes.find(tenant.id, first.id)).toEqual(Option.some(marked(first)))
        for (const node of untouched) expect(yield* nodes.find(node.tenantId, node.id)).toEqual(Option.some(node))
        // Heard from again (the service's write), it can be found offline once more later.
        yield* nodes.update({ ...first, lastSeenAt: plus(base, 12 * MINUTE), offlineSince: null }, ["paired"])
        expect(yield* nodes.markOffline(plus(base, 13 * MINUTE), plus(base, 14 * MINUTE), 10)).toEqual([
          { ...first, lastSeenAt: plus(base, 12 * MINUTE), offlineSince: plus(base, 14 * MINUTE) }
        ])
      })
    )

    it.effect("prunes commands that ended, the longest ended first, of one tenant or of all, never an open one", () =>
      Effect.gen(function* () {
        const nodes = yield* NodeRepository
        const commands = yield* NodeCommandRepository
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const [node, theirNode] = [makeNode(tenant.id, { status: "paired" }), makeNode(other.id, { status: "paired" })]
        for (const made of [node, theirNode]) yield* nodes.insert(made)
        // Ended long before any other suite's commands, so that the all-tenants prune touches only these.
        const ended = (owner: Node, status: NodeCommand["status"], day: string) =>
          makeCommand(owner, { status, output: "captured", updatedAt: at(`1994-02-${day}T09:00:00.000Z`), createdAt: at("1994-01-01T09:00:00.000Z") })
        const failed = ended(node, "failed", "01")
        const succeeded = ended(node, "succeeded", "02")
        const expired = ended(node, "expired", "03")
        const open = ended(node, "delivered", "01")
        const recent = ended(node, "succeeded", "20")
        const theirs = ended(theirNode, "succeeded", "01")
        for (const command of [recent, expired, open, succeeded, failed, theirs]) yield* commands.insertOnce(command)
        const before = at("1994-02-10T00:00:00.000Z")
        const kept = (owner: Node, command: NodeCommand) => Effect.map(commands.find(owner.tenantId, owner.id, command.id), Option.isSome)

        expect(yield* commands.pruneEnded(before, 2, tenant.id)).toBe(2)
        expect([yield* kept(node, failed), yield* kept(node, succeeded), yield* kept(node, expired)]).toEqual([false, false, true])
        expect(yield* commands.pruneEnded(before, 2, tenant.id)).toBe(1)
        expect(yield* commands.pruneEnded(before, 2, tenant.id)).toBe(0)
        expect([yield* kept(node, expired), yield* kept(node, open), yield* kept(node, recent)]).toEqual([false, true, true])
        expect(yield* kept(theirNode, theirs)).toBe(true)
        expect(yield* commands.pruneEnded(before, 2, "not-a-uuid")).toBe(0)
        expect(yield* commands.pruneEnded(before, 10)).toBe(1)
        expect(yield* kept(theirNode, theirs)).toBe(false)
      })
    )

    it.effect("stores a command once per idempotency key and tenant, and finds it by key or by node", () =>
      Effect.gen(function* () {
        const nodes = yield* NodeRepository
        const commands = yield* NodeCommandRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const node = makeNode(tenant.id, { status: "paired" })
        yield* nodes.insert(node)
        const first = makeCommand(node)
        expect(yield* commands.insertOnce(first)).toEqual(first)
        // The same step asking again (a crash, a wake) gets the command stored first.
        expect(yield* commands.insertOnce({ ...first, id: uuid(), params: { argv: ["other"] } })).toEqual(first)
        const theirs = makeCommand(makeNode(other.id), { idempotencyKey: first.idempotencyKey })
        expect(yield* commands.insertOnce(theirs)).toEqual(theirs)

        expect(yield* commands.findByKey(tenant.id, first.idempotencyKey)).toEqual(Option.some(first))
        expect(yield* commands.findByKey(tenant.id, "unknown")).toEqual(Option.none())
        expect(yield* commands.find(tenant.id, node.id, first.id)).toEqual(Option.some(first))
        expect(yield* commands.find(tenant.id, uuid(), first.id)).toEqual(Option.none())
        expect(yield* commands.find(other.id, node.id, first.id)).toEqual(Option.none())
        expect(yield* commands.find(tenant.id, node.id, "not-a-uuid")).toEqual(Option.none())
      })
    )

    it.effect(
      "hands out a node's due commands oldest first, again once a delivery goes unanswered, never expired ones",
      () =>
        Effect.gen(function* () {
          const nodes = yield* NodeRepository
          const commands = yield* NodeCommandRepository
          const tenant = yield* insertTenant()
          const node = makeNode(tenant.id, { status: "paired" })
          const otherNode = makeNode(tenant.id, { status: "paired" })
          for (const n of [node, otherNode]) yield* nodes.insert(n)
          const now = plus(T0, MINUTE)
          const second = makeCommand(node, { createdAt: plus(T0, 2_000) })
          const first = makeCommand(node, { createdAt: plus(T0, 1_000) })
          const third = makeCommand(node, { createdAt: plus(T0, 3_000) })
          const expired = makeCommand(node, { expiresAt: now })
          const done = makeCommand(node, { status: "succeeded", output: "ok", completedAt: T0 })
          const elsewhere = makeCommand(otherNode)
          for (const command of [second, first, third, expired, done, elsewhere]) yield* commands.insertOnce(command)

          const handed = yield* commands.deliver(tenant.id, node.id, now, plus(now, -MINUTE), 2)
          const delivered = (command: NodeCommand, deliveries: number, when: Date): NodeCommand => ({
            ...command,
            status: "delivered",
            deliveries,
            deliveredAt: when,
            updatedAt: when
          })
          expect(handed).toEqual([delivered(first, 1, now), delivered(second, 1, now)])
          expect(yield* commands.deliver(tenant.id, node.id, now, plus(now, -MINUTE), 10)).toEqual([
            delivered(third, 1, now)
          ])
          expect(yield* commands.deliver(tenant.id, node.id, now, plus(now, -MINUTE), 10)).toEqual([])
          // Unanswered for longer than the redelivery wait: handed out again.
          const later = plus(now, 90_000)
          expect(
            (yield* commands.deliver(tenant.id, node.id, later, plus(later, -MINUTE), 10)).map((c) => [
              c.id,
              c.deliveries
            ])
          ).toEqual([
            [first.id, 2],
            [second.id, 2],
            [third.id, 2]
          ])
          expect(yield* commands.deliver(tenant.id, uuid(), now, now, 10)).toEqual([])
          expect(yield* commands.deliver("not-a-uuid", node.id, now, now, 10)).toEqual([])
        })
    )

    it.effect("puts a delivered command back in the queue unless it ended or was handed out again", () =>
      Effect.gen(function* () {
        const nodes = yield* NodeRepository
        const commands = yield* NodeCommandRepository
        const tenant = yield* insertTenant()
        const node = makeNode(tenant.id, { status: "paired" })
        yield* nodes.insert(node)
        const pushed = makeCommand(node)
        const answered = makeCommand(node, { createdAt: plus(T0, 1_000) })
        for (const command of [pushed, answered]) yield* commands.insertOnce(command)
        const now = plus(T0, MINUTE)
        const [first, second] = yield* commands.deliver(tenant.id, node.id, now, plus(now, -MINUTE), 10)
        expect(yield* commands.finish({ ...second, status: "succeeded", completedAt: now, updatedAt: now })).toBe(true)
        expect(yield* commands.requeue(second, now)).toBe(false)

        const later = plus(now, 1_000)
        expect(yield* commands.requeue(first, later)).toBe(true)
        expect(yield* commands.findByKey(tenant.id, pushed.idempotencyKey)).toEqual(
          Option.some({ ...first, status: "queued", deliveredAt: null, updatedAt: later })
        )
        // Queued again: due at once, and a stale requeue of the earlier delivery changes nothing.
        const again = yield* commands.deliver(tenant.id, node.id, later, plus(later, -MINUTE), 10)
        expect(again.map((c) => [c.id, c.deliveries])).toEqual([[pushed.id, 2]])
        expect(yield* commands.requeue(first, later)).toBe(false)
        expect(yield* commands.requeue({ ...again[0], tenantId: (yield* insertTenant()).id }, later)).toBe(false)
        expect(yield* commands.findByKey(tenant.id, pushed.idempotencyKey)).toEqual(Option.some(again[0]))
        expect(yield* commands.requeue({ ...again[0], id: "not-a-uuid" }, later)).toBe(false)
      })
    )

    it.effect("lists a node's open commands oldest first, not those ended, another node's or tenant's", () =>
      Effect.gen(function* () {
        const nodes = yield* NodeRepository
        const commands = yield* NodeCommandRepository
        const tenant = yield* insertTenant()
        const node = makeNode(tenant.id, { status: "paired" })
        const sibling = makeNode(tenant.id, { status: "paired" })
        for (const n of [node, sibling]) yield* nodes.insert(n)
        const later = makeCommand(node, { createdAt: plus(T0, 2_000) })
        const first = makeCommand(node, { createdAt: plus(T0, 1_000), status: "delivered", deliveries: 1 })
        const ended = makeCommand(node, { status: "failed", errorCode: "x", completedAt: T0 })
        for (const command of [later, first, ended, makeCommand(sibling)]) yield* commands.insertOnce(command)
        expect(yield* commands.listOpen(tenant.id, node.id, 10)).toEqual([first, later])
        expect(yield* commands.listOpen(tenant.id, node.id, 1)).toEqual([first])
        expect(yield* commands.listOpen((yield* insertTenant()).id, node.id, 10)).toEqual([])
        expect(yield* commands.listOpen(tenant.id, "not-a-uuid", 10)).toEqual([])
      })
    )

    it.effect("stores a command's result once, only while it is open", () =>
      Effect.gen(function* () {
        const nodes = yield* NodeRepository
        const commands = yield* NodeCommandRepository
        const tenant = yield* insertTenant()
        const node = makeNode(tenant.id, { status: "paired" })
        yield* nodes.insert(node)
        const command = makeCommand(node)
        yield* commands.insertOnce(command)
        const finished: NodeCommand = {
          ...command,
          status: "succeeded",
          output: "hello — ✓\n",
          data: "iVBORw0KGgo=",
          mimeType: "image/png",
          completedAt: plus(T0, MINUTE),
          updatedAt: plus(T0, MINUTE)
        }
        expect(yield* commands.finish(finished)).toBe(true)
        expect(yield* commands.findByKey(tenant.id, command.idempotencyKey)).toEqual(Option.some(finished))
        expect(yield* commands.finish({ ...finished, status: "failed", errorCode: "late" })).toBe(false)
        expect(yield* commands.findByKey(tenant.id, command.idempotencyKey)).toEqual(Option.some(finished))

        const failed = makeCommand(node)
        yield* commands.insertOnce(failed)
        const ended: NodeCommand = {
          ...failed,
          status: "failed",
          errorCode: "outside_root",
          errorMessage: "leaves the root",
          completedAt: plus(T0, MINUTE),
          updatedAt: plus(T0, MINUTE)
        }
        expect(yield* commands.finish(ended)).toBe(true)
        expect(yield* commands.find(tenant.id, node.id, failed.id)).toEqual(Option.some(ended))
        expect(yield* commands.finish({ ...makeCommand(node), status: "expired" })).toBe(false)
      })
    )
  }
}
