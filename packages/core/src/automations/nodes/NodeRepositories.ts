import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { CommandStatus, Node, NodeCommand } from "./Node.js"

export class NodeRepository extends Context.Tag("@servicekit/core/NodeRepository")<
  NodeRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Node>>
    /** The node with this id whichever its tenant: what a device secret is checked against. */
    readonly findAnywhere: (id: string) => Effect.Effect<Option.Option<Node>>
    /** The node whose pairing code has this digest (unique), whichever its tenant. */
    readonly findByPairingCode: (digest: string) => Effect.Effect<Option.Option<Node>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Node>>
    readonly insert: (node: Node) => Effect.Effect<void>
    /**
     * Stores what may change of the node (all but its tenant, id and creation) if its stored
     * status is one of `from`; whether it did.
     */
    readonly update: (node: Node, from: ReadonlyArray<Node["status"]>) => Effect.Effect<boolean>
    /**
     * Marks offline at `at` the paired nodes of every tenant not yet offline and last heard from
     * before `seenBefore`, the longest unheard first, at most `limit`, in one write: those marked.
     */
    readonly markOffline: (seenBefore: Date, at: Date, limit: number) => Effect.Effect<ReadonlyArray<Node>>
  }
>() {
  static readonly layerMemory: Layer.Layer<NodeRepository, never, MemoryDatabase> = Layer.effect(
    NodeRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Node>(db, "automation_nodes")
      return NodeRepository.of({
        find: table.find,
        findAnywhere: (id) => db.run(() => Option.fromNullable([...table.rows()].find((row) => row.id === id))),
        findByPairingCode: (digest) =>
          db.run(() => Option.fromNullable([...table.rows()].find((row) => row.pairingCodeDigest === digest))),
        list: (tenantId, page) => table.list(tenantId, page),
        insert: table.save,
        update: (node, from) =>
          db.run((undo) => {
            const stored = table.get(node.tenantId, node.id)
            if (stored === undefined || !from.includes(stored.status)) return false
            table.put({ ...node, createdAt: stored.createdAt }, undo)
            return true
          }),
        markOffline: (seenBefore, at, limit) =>
          db.run((undo) =>
            [...table.rows()]
              .filter(
                (row) =>
                  row.status === "paired" && row.offlineSince === null && row.lastSeenAt !== null && row.lastSeenAt < seenBefore
              )
              .sort((a, b) => a.lastSeenAt!.getTime() - b.lastSeenAt!.getTime())
              .slice(0, limit)
              .map((row) => {
                const marked: Node = { ...row, offlineSince: at }
                table.put(marked, undo)
                return marked
              })
          )
      })
    })
  )
}

/** Statuses of a command still waiting for its result. */
export const OPEN_COMMAND: ReadonlyArray<CommandStatus> = ["queued", "delivered"]
export const ENDED_COMMAND: ReadonlyArray<CommandStatus> = ["succeeded", "failed", "expired"]

export class NodeCommandRepository extends Context.Tag("@servicekit/core/NodeCommandRepository")<
  NodeCommandRepository,
  {
    /** Stores the command unless the tenant has one with its idempotency key: the command stored. */
    readonly insertOnce: (command: NodeCommand) => Effect.Effect<NodeCommand>
    readonly findByKey: (tenantId: string, idempotencyKey: string) => Effect.Effect<Option.Option<NodeCommand>>
    readonly find: (tenantId: string, nodeId: string, id: string) => Effect.Effect<Option.Option<NodeCommand>>
    /**
     * Hands the node's due commands to its device, oldest first, at most `limit`: each queued one,
     * and each delivered before `redeliverBefore` without a result, unexpired at `at`; each is
     * stored delivered at `at`, one more delivery.
     */
    readonly deliver: (
      tenantId: string,
      nodeId: string,
      at: Date,
      redeliverBefore: Date,
      limit: number
    ) => Effect.Effect<ReadonlyArray<NodeCommand>>
    /** Stores how the command ended if it is still open (queued or delivered); whether it did. */
    readonly finish: (command: NodeCommand) => Effect.Effect<boolean>
    /**
     * Puts a delivered command back in the queue (the socket it was pushed to dropped), unless it
     * has ended or was handed out again since (`deliveries` moved on); whether it did.
     */
    readonly requeue: (command: NodeCommand, at: Date) => Effect.Effect<boolean>
    /** The node's commands still open (queued or delivered), oldest first, at most `limit`. */
    readonly listOpen: (tenantId: string, nodeId: string, limit: number) => Effect.Effect<ReadonlyArray<NodeCommand>>
    /**
     * Deletes up to `limit` commands that ended (succeeded, failed or expired) before `before`, of
     * `tenantId` alone when given, the longest ended first: how many it deleted.
     */
    readonly pruneEnded: (before: Date, limit: number, tenantId?: string) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<NodeCommandRepository, never, MemoryDatabase> = Layer.effect(
    NodeCommandRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<NodeCommand>(db, "automation_node_commands")
      const byKey = (tenantId: string, key: string) =>
        [...table.rows()].find((row) => row.tenantId === tenantId && row.idempotencyKey === key)
      return NodeCommandRepository.of({
        pruneEnded: (before, limit, tenantId) =>
          db.run((undo) => {
            const ended = [...table.rows()]
              .filter(
                (row) =>
                  (tenantId === undefined || row.tenantId === tenantId) && ENDED_COMMAND.includes(row.status) && row.updatedAt < before
              )
              .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
              .slice(0, limit)
            for (const row of ended) table.drop(row, undo)
            return ended.length
          }),
        insertOnce: (command) =>
          db.run((undo) => {
            const holder = byKey(command.tenantId, command.idempotencyKey)
            if (holder !== undefined) return holder
            table.put(command, undo)
            return command
          }),
        findByKey: (tenantId, key) => db.run(() => Option.fromNullable(byKey(tenantId, key))),
        find: (tenantId, nodeId, id) =>
          db.run(() =>
            Option.fromNullable(table.get(tenantId, id)).pipe(Option.filter((row) => row.nodeId === nodeId))
          ),
        deliver: (tenantId, nodeId, at, redeliverBefore, limit) =>
          db.run((undo) => {
            const due = [...table.rows()]
              .filter(
                (row) =>
                  row.tenantId === tenantId &&
                  row.nodeId === nodeId &&
                  row.expiresAt > at &&
                  (row.status === "queued" ||
                    (row.status === "delivered" && row.deliveredAt !== null && row.deliveredAt < redeliverBefore))
              )
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
              .slice(0, limit)
            return due.map((row) => {
              const delivered: NodeCommand = {
                ...row,
                status: "delivered",
                deliveries: row.deliveries + 1,
                deliveredAt: at,
                updatedAt: at
              }
              table.put(delivered, undo)
              return delivered
            })
          }),
        finish: (command) =>
          db.run((undo) => {
            const stored = table.get(command.tenantId, command.id)
            if (stored === undefined || !OPEN_COMMAND.includes(stored.status)) return false
            table.put({ ...stored, ...pickResult(command) }, undo)
            return true
          }),
        requeue: (command, at) =>
          db.run((undo) => {
            const stored = table.get(command.tenantId, command.id)
            if (stored?.status !== "delivered" || stored.deliveries !== command.deliveries) return false
            table.put({ ...stored, status: "queued", deliveredAt: null, updatedAt: at }, undo)
            return true
          }),
        listOpen: (tenantId, nodeId, limit) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) => row.tenantId === tenantId && row.nodeId === nodeId && OPEN_COMMAND.includes(row.status))
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
              .slice(0, limit)
          )
      })
    })
  )
}

/** What `finish` stores of a command. */
const pickResult = (command: NodeCommand) => ({
  status: command.status,
  output: command.output,
  data: command.data,
  mimeType: command.mimeType,
  errorCode: command.errorCode,
  errorMessage: command.errorMessage,
  completedAt: command.completedAt,
  updatedAt: command.updatedAt
})
