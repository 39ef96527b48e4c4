import { ConversationRepository, type TenantRepository, UnitOfWork, WidgetRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant } from "./fixtures.js"
import { makeConversation, makeWidget } from "./chatFixtures.js"

export const chatAssignmentSuite: StorageSuite<ConversationRepository | WidgetRepository | TenantRepository | UnitOfWork> = {
  name: "chat assignment",
  tests: (it) => {
    it.effect("counts what each agent holds open or pending, and lists open conversations nobody holds, oldest first", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const minute = (n: number) => at(`2026-05-01T09:0${n}:00.000Z`)
        const rows = [
          makeConversation(tenant.id, { assigneeId: "agent-ada", status: "open", createdAt: minute(1) }),
          makeConversation(tenant.id, { assigneeId: "agent-ada", status: "pending", createdAt: minute(2) }),
          makeConversation(tenant.id, { assigneeId: "agent-ada", status: "resolved", createdAt: minute(3) }),
          makeConversation(tenant.id, { assigneeId: "agent-bo", status: "closed", createdAt: minute(4) }),
          makeConversation(tenant.id, { assigneeId: null, status: "open", createdAt: minute(6) }),
          makeConversation(tenant.id, { assigneeId: null, status: "open", createdAt: minute(5) }),
          makeConversation(tenant.id, { assigneeId: null, status: "pending", createdAt: minute(1) }),
          makeConversation(other.id, { assigneeId: "agent-ada", status: "open", createdAt: minute(1) }),
          makeConversation(other.id, { assigneeId: null, status: "open", createdAt: minute(1) })
        ]
        for (const row of rows) yield* conversations.insert(row)

        const held = yield* conversations.heldBy(tenant.id, ["agent-ada", "agent-bo", "agent-cy"])
        expect(Object.fromEntries(held)).toEqual({ "agent-ada": 2 })
        expect(Object.fromEntries(yield* conversations.heldBy(tenant.id, []))).toEqual({})
        expect((yield* conversations.oldestUnassigned(tenant.id, 10)).map((row) => row.id)).toEqual([rows[5]!.id, rows[4]!.id])
        expect((yield* conversations.oldestUnassigned(tenant.id, 1)).map((row) => row.id)).toEqual([rows[5]!.id])
        expect((yield* conversations.oldestUnassigned(other.id, 10)).map((row) => row.id)).toEqual([rows[8]!.id])
      })
    )

    it.effect("keeps each tenant's assignment rules, cursor and file rules on its widget, held within a unit of work", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const unit = yield* UnitOfWork
        const tenant = yield* insertTenant()
        const first = yield* widgets.ensure(makeWidget(tenant.id))
        expect(first).toMatchObject({ assignment: { mode: "manual", capacity: 3 }, assignmentCursor: null })
        expect(first.fileRules.kinds).toEqual(["images", "pdf", "text", "documents", "archives"])

        yield* widgets.setAssignment(tenant.id, { mode: "auto", capacity: 7 })
        yield* widgets.setFileRules(tenant.id, { maxFileBytes: 4096, kinds: ["pdf"] })
        const held = yield* unit.withTransaction(
          Effect.gen(function* () {
            const found = yield* widgets.holdForAssignment(tenant.id)
            yield* widgets.setAssignmentCursor(tenant.id, "agent-bo")
            return found
          })
        )
        expect(Option.map(held, (widget) => widget.assignment)).toEqual(Option.some({ mode: "auto", capacity: 7 }))
        const after = yield* widgets.ensure(makeWidget(tenant.id))
        expect(after).toMatchObject({
          assignment: { mode: "auto", capacity: 7 },
          assignmentCursor: "agent-bo",
          fileRules: { maxFileBytes: 4096, kinds: ["pdf"] }
        })
        const nobody = yield* insertTenant()
        expect(yield* widgets.holdForAssignment(nobody.id)).toEqual(Option.none())
        expect(yield* widgets.setAssignment(nobody.id, { mode: "auto", capacity: 1 })).toEqual(Option.none())
      })
    )
  }
}
