import type { SkillDefinition } from "../skills/Skills.js"

/** The records that govern what runs may do: standing orders, tool profiles and memory. */

/** A tenant's standing orders: `{{policy}}` in steps, and the instructions of AI steps. */
export interface Policy {
  readonly tenantId: string
  readonly standingOrders: string
  readonly updatedAt: Date
}

/** Which model labels a tenant's AI steps ask: `primary` first, then each failover label in order. */
export interface ModelChoice {
  readonly tenantId: string
  readonly primary: string
  readonly failover: ReadonlyArray<string>
  readonly updatedAt: Date
}

/** The name of the profile a step follows unless it names another. */
export const DEFAULT_TOOL_PROFILE = "default"

/**
 * Which skills a run may call and which wait for an approval. `allow` (when not empty) lists the
 * only skills allowed; `deny` refuses skills even when allowed; `requireApprovalSkills` adds an
 * approval gate to a skill, or with a leading `!` lifts the gate a skill has by default.
 */
export interface ToolProfile {
  readonly id: string
  readonly tenantId: string
  /** Unique per tenant; steps name it as `toolProfile`. */
  readonly name: string
  readonly allow: ReadonlyArray<string>
  readonly deny: ReadonlyArray<string>
  readonly requireApprovalSkills: ReadonlyArray<string>
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** What a profile says about calling a skill. */
export type SkillVerdict = "allowed" | "denied" | "approval"

/** The verdict on `skill` under `profile` (none: the skills' defaults). */
export const verdictOf = (profile: ToolProfile | undefined, skill: SkillDefinition): SkillVerdict => {
  if (profile !== undefined) {
    if (profile.deny.includes(skill.id)) return "denied"
    if (profile.allow.length > 0 && !profile.allow.includes(skill.id)) return "denied"
    if (profile.requireApprovalSkills.includes(`!${skill.id}`)) return "allowed"
    if (profile.requireApprovalSkills.includes(skill.id)) return "approval"
  }
  return skill.approval ? "approval" : "allowed"
}

/** A key/value entry runs and callers share; every read and write is audited. */
export interface MemoryEntry {
  readonly id: string
  readonly tenantId: string
  /** Unique per tenant. */
  readonly key: string
  readonly value: unknown
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** One read or write of a memory entry, and who made it (`key:<id>` or `run:<id>`). */
export interface MemoryAudit {
  readonly id: string
  readonly tenantId: string
  readonly key: string
  readonly action: "read" | "write"
  readonly actor: string
  readonly createdAt: Date
}
