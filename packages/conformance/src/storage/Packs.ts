import type { PackInstallation, PackVersion } from "@servicekit/core/automations"
import { PackRepository, type TenantRepository, type UnitOfWork, withTransaction } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, at, insertTenant, plus } from "./fixtures.js"

const T0 = at("2026-11-01T09:00:00.000Z")

const makeVersion = (tenantId: string, packId: string, version: string, createdAt = T0): PackVersion => {
  const content = {
    packId,
    version,
    name: "Follow-up — naïve ✓ 東京",
    parameters: { to: { type: "string" as const, format: "email" as const } },
    templates: [
      {
        key: "main",
        name: "Follow up",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "log", message: "{{params.to}}" }]
      }
    ]
  }
  return {
    tenantId,
    packId,
    version,
    digest: `${version.replace(/\./g, "")}`.padEnd(64, "a"),
    summary: {
      packId,
      version,
      name: content.name,
      description: null,
      skills: [],
      requires: [],
      approvals: [],
      parameters: content.parameters,
      templates: [{ key: "main", name: "Follow up", triggerType: "manual" }]
    },
    content,
    createdAt
  }
}

export const packsSuite: StorageSuite<PackRepository | TenantRepository | UnitOfWork> = {
  name: "automation skill packs",
  tests: (it) => {
    it.effect("stores each version once, lists them without content, and keeps tenants apart", () =>
      Effect.gen(function* () {
        const packs = yield* PackRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first = makeVersion(tenant.id, "acme.follow-up", "1.0.0")
        const second = makeVersion(tenant.id, "acme.follow-up", "1.1.0", plus(T0, MINUTE))
        const another = makeVersion(tenant.id, "acme.digest", "0.1.0", plus(T0, 2 * MINUTE))
        expect(yield* packs.insertVersion(first)).toBe(true)
        expect(yield* packs.insertVersion(second)).toBe(true)
        expect(yield* packs.insertVersion(another)).toBe(true)
        // A version is written once: a second insert changes nothing.
        expect(yield* packs.insertVersion({ ...first, digest: "b".repeat(64) })).toBe(false)
        expect(yield* packs.findVersion(tenant.id, "acme.follow-up", "1.0.0")).toEqual(Option.some(first))
        expect(yield* packs.findVersion(other.id, "acme.follow-up", "1.0.0")).toEqual(Option.none())
        expect(yield* packs.findVersion("not-a-uuid", "acme.follow-up", "1.0.0")).toEqual(Option.none())
        const withoutContent = ({ content: _content, ...summary }: PackVersion) => summary
        expect(yield* packs.versions(tenant.id)).toEqual([another, first, second].map(withoutContent))
        expect(yield* packs.versions(other.id)).toEqual([])

        const rolledBack = packs.insertVersion(makeVersion(tenant.id, "acme.rolled-back", "1.0.0"))
        yield* Effect.flip(withTransaction(Effect.zipRight(rolledBack, Effect.fail("declined"))))
        expect(yield* packs.findVersion(tenant.id, "acme.rolled-back", "1.0.0")).toEqual(Option.none())
      })
    )

    it.effect("keeps one installation per pack, replaced when it moves to another version", () =>
      Effect.gen(function* () {
        const packs = yield* PackRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const installed: PackInstallation = {
          tenantId: tenant.id,
          packId: "servicekit.daily-usage-digest",
          version: "1.0.0",
          digest: "c".repeat(64),
          installedAt: T0,
          updatedAt: T0
        }
        const mine: PackInstallation = { ...installed, packId: "acme.follow-up" }
        yield* packs.saveInstallation(installed)
        yield* packs.saveInstallation(mine)
        expect(yield* packs.findInstallation(tenant.id, installed.packId)).toEqual(Option.some(installed))
        expect(yield* packs.findInstallation(other.id, installed.packId)).toEqual(Option.none())
        const moved = { ...mine, version: "1.1.0", digest: "d".repeat(64), updatedAt: plus(T0, MINUTE) }
        yield* packs.saveInstallation(moved)
        expect(yield* packs.installations(tenant.id)).toEqual([moved, installed])
        expect(yield* packs.installations(other.id)).toEqual([])
        expect(yield* packs.installations("not-a-uuid")).toEqual([])
      })
    )
  }
}
