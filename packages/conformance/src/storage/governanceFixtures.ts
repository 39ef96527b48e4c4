import type { MemoryAudit, MemoryEntry, Policy, ToolProfile } from "@servicekit/core/automations"
import { at, newestFirst, uuid } from "./fixtures.js"

/** Policies, tool profiles and memory the governance suites share. */
export const makePolicy = (tenantId: string, overrides: Partial<Policy> = {}): Policy => ({
  tenantId,
  standingOrders: "Be polite. Never promise refunds.",
  updatedAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

export const makeProfile = (tenantId: string, overrides: Partial<ToolProfile> = {}): ToolProfile => ({
  id: uuid(),
  tenantId,
  name: "default",
  allow: [],
  deny: [],
  requireApprovalSkills: [],
  createdAt: at("2026-08-01T09:00:00.000Z"),
  updatedAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

export const makeEntry = (tenantId: string, overrides: Partial<MemoryEntry> = {}): MemoryEntry => ({
  id: uuid(),
  tenantId,
  key: "customer/42/preferred-name",
  value: "Ada",
  createdAt: at("2026-08-01T09:00:00.000Z"),
  updatedAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

export const makeAudit = (tenantId: string, overrides: Partial<MemoryAudit> = {}): MemoryAudit => ({
  id: uuid(),
  tenantId,
  key: "customer/42/preferred-name",
  action: "read",
  actor: "run:7f1c",
  createdAt: at("2026-08-01T09:00:00.000Z"),
  ...overrides
})

/** Values at the edges of what JSON carries, and text in many scripts, nested. */
export const richJson = {
  numbers: [0, -1, 42, 1.5, -0.25, 0.1 + 0.2, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  extremes: { largest: Number.MAX_VALUE, smallest: Number.MIN_VALUE },
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  // Looks like a time, stays text.
  updatedAt: "2026-08-01T09:00:00.000Z",
  nested: { deep: { deeper: [1, [2, { three: 3, "": "empty key" }]] }, empty: {}, none: [] }
}

/** Every kind of JSON value a memory entry may hold, bare ones included. */
export const memoryValues: ReadonlyArray<unknown> = [
  null,
  "Ada",
  "",
  "null",
  '"quoted"',
  '{"looks": ["like", "json"]}',
  "naïve ✓ \\ \n 東京 👩‍💻",
  0,
  42,
  -1.5,
  1e21,
  true,
  false,
  [],
  {},
  [1, "two", null, { three: [3] }],
  richJson
]

export const profilesNewestFirst = newestFirst<ToolProfile>((profile) => profile.createdAt)

export const entriesNewestFirst = newestFirst<MemoryEntry>((entry) => entry.createdAt)

export const auditsNewestFirst = newestFirst<MemoryAudit>((audit) => audit.createdAt)
