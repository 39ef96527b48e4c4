import {
  ConversationRepository,
  type TenantRepository,
  VisitorSeenRepository,
  WidgetRepository,
  defaultWorkingHours
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant } from "./fixtures.js"
import { makeConversation, makeWidget } from "./chatFixtures.js"

export const chatAwaySuite: StorageSuite<ConversationRepository | WidgetRepository | VisitorSeenRepository | TenantRepository> = {
  name: "chat working hours and visitors seen",
  tests: (it) => {
    it.effect("keeps each tenant's working hours on its widget, the defaults until set", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect((yield* widgets.ensure(makeWidget(tenant.id))).workingHours).toEqual(defaultWorkingHours)
        yield* widgets.ensure(makeWidget(other.id))
        const hours = {
          timezone: "America/New_York",
          alwaysOpen: false,
          weekly: [
            { day: "monday", opens: "09:00", closes: "12:30" },
            { day: "monday", opens: "13:30", closes: "24:00" }
          ],
          holidays: ["2026-07-04", "2026-12-25"],
          awayMessage: "Back soon — leave your email ✉️",
          emailAfterMinutes: 25,
          updatedAt: at("2026-05-01T09:00:00.000Z")
        } as const
        const changed = yield* widgets.setWorkingHours(tenant.id, hours)
        expect(Option.map(changed, (widget) => widget.workingHours)).toEqual(Option.some(hours))
        expect((yield* widgets.ensure(makeWidget(tenant.id))).workingHours).toEqual(hours)
        expect(Option.map(yield* widgets.find(other.id), (widget) => widget.workingHours)).toEqual(Option.some(defaultWorkingHours))
        // A tenant without a widget has no hours to set.
        const bare = yield* insertTenant()
        expect(yield* widgets.setWorkingHours(bare.id, hours)).toEqual(Option.none())
      })
    )

    it.effect("moves when a visitor was last seen and how far replies were emailed forward only, per conversation", () =>
      Effect.gen(function* () {
        const conversations = yield* ConversationRepository
        const seen = yield* VisitorSeenRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const mine = makeConversation(tenant.id)
        const theirs = makeConversation(other.id)
        yield* conversations.insert(mine)
        yield* conversations.insert(theirs)
        expect(yield* seen.find(tenant.id, mine.id)).toEqual(Option.none())

        yield* seen.emailed(tenant.id, mine.id, 3)
        expect(yield* seen.find(tenant.id, mine.id)).toEqual(
          Option.some({ tenantId: tenant.id, conversationId: mine.id, seenAt: null, emailedThrough: 3 })
        )
        yield* seen.seen(tenant.id, mine.id, at("2026-05-01T09:05:00.000Z"))
        yield* seen.seen(tenant.id, mine.id, at("2026-05-01T09:01:00.000Z"))
        yield* seen.emailed(tenant.id, mine.id, 2)
        yield* seen.seen(other.id, theirs.id, at("2026-05-01T10:00:00.000Z"))
        expect(yield* seen.find(tenant.id, mine.id)).toEqual(
          Option.some({ tenantId: tenant.id, conversationId: mine.id, seenAt: at("2026-05-01T09:05:00.000Z"), emailedThrough: 3 })
        )
        // Another tenant's conversation is not found under this tenant.
        expect(yield* seen.find(tenant.id, theirs.id)).toEqual(Option.none())
        expect(yield* seen.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
      })
    )
  }
}
