import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import type { MemoryAudit, MemoryEntry, ToolProfile } from "./Governance.js"
import { GovernanceApi } from "./GovernanceApi.js"
import { GovernanceService } from "./GovernanceService.js"
import { MemoryService } from "./MemoryService.js"
import { ModelService } from "./ModelService.js"

export const profileJson = (profile: ToolProfile) => ({
  id: profile.id,
  name: profile.name,
  allow: profile.allow,
  deny: profile.deny,
  requireApprovalSkills: profile.requireApprovalSkills,
  createdAt: profile.createdAt,
  updatedAt: profile.updatedAt
})

export const entryJson = (entry: MemoryEntry) => ({
  id: entry.id,
  key: entry.key,
  value: entry.value,
  createdAt: entry.createdAt,
  updatedAt: entry.updatedAt
})

export const auditJson = (audit: MemoryAudit) => ({
  id: audit.id,
  key: audit.key,
  action: audit.action,
  actor: audit.actor,
  createdAt: audit.createdAt
})

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)
/** The tenant and the audit trail's name for the caller. */
const caller = Effect.map(ApiCaller, (caller) => ({ tenantId: caller.tenantId, actor: `key:${caller.keyId}` }))

export const governanceHandlers = implement(
  GovernanceApi,
  Effect.gen(function* () {
    const governance = yield* GovernanceService
    const memory = yield* MemoryService
    const models = yield* ModelService
    return {
      getPolicy: () => Effect.flatMap(tenant, governance.getPolicy),
      putPolicy: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => governance.putPolicy(tenantId, payload.standingOrders)),
      getModels: () => Effect.flatMap(tenant, models.get),
      putModels: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => models.put(tenantId, payload)),
      listToolProfiles: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => governance.listProfiles(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, profileJson))
        ),
      putToolProfile: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => governance.putProfile(tenantId, payload)).pipe(Effect.map(profileJson)),
      listMemory: ({ urlParams }) =>
        Effect.flatMap(caller, ({ tenantId, actor }) => memory.list(tenantId, urlParams, actor)).pipe(
          Effect.map((listed) => pageJson(listed, entryJson))
        ),
      putMemory: ({ payload }) =>
        Effect.flatMap(caller, ({ tenantId, actor }) => memory.write(tenantId, payload.key, payload.value, actor)).pipe(
          Effect.map(entryJson)
        ),
      listMemoryAudit: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => memory.audit(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, auditJson))
        )
    }
  })
)
