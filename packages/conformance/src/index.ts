/**
 * @servicekit/conformance — the shared test suites every implementation of a ServiceKit port
 * (core's memory fakes, the real adapters, an embedder's own) must pass, on vitest and
 * @effect/vitest. A package of its own, so that @servicekit/core needs no test runner.
 */
import type { ModuleName, StoragePorts } from "@servicekit/core"
import type { EventOutbox, TenantData, UnitOfWork } from "@servicekit/core/internal"
import type { Layer } from "effect"
import { type StorageSuite, runStorageConformance } from "./Storage.js"
import { apiKeysSuite } from "./storage/ApiKeys.js"
import { flowsSuite } from "./storage/Flows.js"
import { workflowsSuite } from "./storage/Workflows.js"
import { callsSuite } from "./storage/Calls.js"
import { callsInProgressSuite } from "./storage/CallsInProgress.js"
import { hostedNumbersSuite } from "./storage/HostedNumbers.js"
import { mailDomainsSuite } from "./storage/MailDomains.js"
import { tenantPeriodsSuite } from "./storage/TenantPeriods.js"
import { suppressionsSuite } from "./storage/Suppressions.js"
import { mailReputationSuite } from "./storage/MailReputation.js"
import { chatRollbackSuite, conversationsSuite } from "./storage/Chat.js"
import { chatRetentionSuite } from "./storage/ChatRetention.js"
import { chatMessagesSuite } from "./storage/ChatMessages.js"
import { conversationReadsSuite } from "./storage/ConversationReads.js"
import { agentPresenceSuite } from "./storage/AgentPresence.js"
import { agentProfilesSuite } from "./storage/AgentProfiles.js"
import { conversationNotesSuite } from "./storage/ConversationNotes.js"
import { cannedResponsesSuite } from "./storage/CannedResponses.js"
import { chatFilesSuite } from "./storage/ChatFiles.js"
import { chatAssignmentSuite } from "./storage/ChatAssignment.js"
import { chatAwaySuite } from "./storage/ChatAway.js"
import { chatSearchSuite } from "./storage/ChatSearch.js"
import { visitorTokensSuite, visitorsSuite, widgetsSuite } from "./storage/ChatVisitors.js"
import { eventOutboxSuite } from "./storage/EventOutbox.js"
import {
  governanceRollbackSuite,
  modelChoicesSuite,
  policiesSuite,
  toolProfilesSuite
} from "./storage/Governance.js"
import { memoryAuditSuite, memorySuite } from "./storage/Memory.js"
import { agentsSuite, channelsSuite, sessionsSuite } from "./storage/Agents.js"
import { packsSuite } from "./storage/Packs.js"
import { sequencesSuite } from "./storage/Sequences.js"
import { growthConversationsSuite } from "./storage/GrowthConversations.js"
import { idempotencySuite } from "./storage/Idempotency.js"
import { nodesSuite } from "./storage/Nodes.js"
import { approvalsSuite, runsRollbackSuite } from "./storage/Approvals.js"
import { waitpointsSuite } from "./storage/Waitpoints.js"
import { agentTurnsSuite } from "./storage/AgentTurns.js"
import { runCapsSuite } from "./storage/RunCaps.js"
import { runClaimsSuite } from "./storage/RunClaims.js"
import { runExpirySuite } from "./storage/RunExpiry.js"
import { runReadoutsSuite } from "./storage/RunReadouts.js"
import { runRetentionSuite } from "./storage/RunRetention.js"
import { runsSuite } from "./storage/Runs.js"
import { stepResultsSuite } from "./storage/StepResults.js"
import { tenantsSuite } from "./storage/Tenants.js"
import { transactionsSuite } from "./storage/Transactions.js"
import { sipSuite } from "./storage/Sip.js"
import { templatesSuite } from "./storage/Transactional.js"
import { activitySuite } from "./storage/TransactionalActivity.js"
import { messagesSuite } from "./storage/TransactionalMessages.js"
import { usageSuite } from "./storage/Usage.js"
import { webhookAttemptsSuite } from "./storage/WebhookAttempts.js"
import { webhookDeliveriesSuite } from "./storage/WebhookDeliveries.js"
import { webhookDueDeliveriesSuite } from "./storage/WebhookDueDeliveries.js"
import { webhookSubscriptionsSuite } from "./storage/Webhooks.js"
import { tenantDataSuite } from "./storage/TenantData.js"

export * from "./EventDispatch.js"
export * from "./BlobStore.js"
export * from "./FanOut.js"
export * from "./JobQueue.js"
export * from "./LanguageModel.js"
export * from "./Mailer.js"
export * from "./ModelServer.js"
export * from "./OutboundHttp.js"
export * from "./RateLimitStore.js"
export * from "./Scheduler.js"
export * from "./SecretCrypto.js"
export * from "./SipNetwork.js"
export { type StorageSuite, runStorageConformance } from "./Storage.js"
export { BUILT_IN_TENANT_KINDS } from "./storage/TenantData.js"
export { makeRun } from "./storage/runFixtures.js"
export {
  activitySuite,
  agentPresenceSuite,
  agentProfilesSuite,
  agentTurnsSuite,
  agentsSuite,
  apiKeysSuite,
  approvalsSuite,
  callsSuite,
  cannedResponsesSuite,
  channelsSuite,
  chatAssignmentSuite,
  chatAwaySuite,
  chatFilesSuite,
  chatSearchSuite,
  chatMessagesSuite,
  chatRetentionSuite,
  chatRollbackSuite,
  conversationNotesSuite,
  conversationReadsSuite,
  conversationsSuite,
  eventOutboxSuite,
  flowsSuite,
  governanceRollbackSuite,
  growthConversationsSuite,
  idempotencySuite,
  memoryAuditSuite,
  memorySuite,
  messagesSuite,
  modelChoicesSuite,
  nodesSuite,
  policiesSuite,
  runsRollbackSuite,
  packsSuite,
  runCapsSuite,
  runClaimsSuite,
  runExpirySuite,
  runReadoutsSuite,
  runRetentionSuite,
  runsSuite,
  sequencesSuite,
  sessionsSuite,
  sipSuite,
  callsInProgressSuite,
  hostedNumbersSuite,
  mailDomainsSuite,
  mailReputationSuite,
  tenantPeriodsSuite,
  suppressionsSuite,
  stepResultsSuite,
  templatesSuite,
  tenantDataSuite,
  tenantsSuite,
  toolProfilesSuite,
  transactionsSuite,
  usageSuite,
  visitorTokensSuite,
  visitorsSuite,
  waitpointsSuite,
  webhookDeliveriesSuite,
  webhookAttemptsSuite,
  webhookDueDeliveriesSuite,
  webhookSubscriptionsSuite,
  widgetsSuite,
  workflowsSuite
}

type Storage = StoragePorts | UnitOfWork | EventOutbox | TenantData

/** Each module's storage suites, by module name: a module without its entry here does not compile. */
export const moduleStorageSuites = {
  operations: [],
  accounts: [tenantsSuite, apiKeysSuite, usageSuite, idempotencySuite],
  calling: [callsSuite, callsInProgressSuite, hostedNumbersSuite, sipSuite],
  retention: [tenantPeriodsSuite],
  maildomains: [mailDomainsSuite],
  suppressions: [suppressionsSuite],
  mailreputation: [mailReputationSuite],
  chat: [
    visitorsSuite,
    widgetsSuite,
    conversationsSuite,
    chatMessagesSuite,
    conversationReadsSuite,
    agentProfilesSuite,
    conversationNotesSuite,
    cannedResponsesSuite,
    agentPresenceSuite,
    chatFilesSuite,
    chatAssignmentSuite,
    chatAwaySuite,
    chatSearchSuite,
    visitorTokensSuite,
    chatRollbackSuite,
    chatRetentionSuite
  ],
  webhooks: [webhookSubscriptionsSuite, webhookDeliveriesSuite, webhookAttemptsSuite, webhookDueDeliveriesSuite],
  transactional: [templatesSuite, messagesSuite, activitySuite],
  growth: [growthConversationsSuite],
  automations: [
    workflowsSuite,
    flowsSuite,
    runsSuite,
    stepResultsSuite,
    runClaimsSuite,
    runExpirySuite,
    runCapsSuite,
    runReadoutsSuite,
    runRetentionSuite,
    approvalsSuite,
    waitpointsSuite,
    runsRollbackSuite,
    policiesSuite,
    modelChoicesSuite,
    toolProfilesSuite,
    memorySuite,
    memoryAuditSuite,
    governanceRollbackSuite,
    sessionsSuite,
    agentsSuite,
    agentTurnsSuite,
    channelsSuite,
    nodesSuite,
    sequencesSuite,
    packsSuite
  ]
} satisfies { readonly [Name in ModuleName]: ReadonlyArray<StorageSuite<Storage>> }

/** The platform's storage (units of work across every module's storage, the event outbox), then each module's suites. */
export const allStorageSuites: ReadonlyArray<StorageSuite<Storage>> = [
  transactionsSuite,
  eventOutboxSuite,
  tenantDataSuite,
  ...Object.values(moduleStorageSuites).flat()
]

/**
 * Runs every built-in module's suites against one implementation of their storage; or, given
 * `suites`, those (a module a kit adds brings its own) against one implementation of the storage
 * they use, such as `layerPglite({ modules })`.
 */
export function storageConformance(name: string, makeLayer: () => Layer.Layer<Storage, unknown>): void
export function storageConformance<R>(
  name: string,
  makeLayer: () => Layer.Layer<R, unknown>,
  suites: ReadonlyArray<StorageSuite<R>>
): void
export function storageConformance(
  name: string,
  makeLayer: () => Layer.Layer<any, unknown>,
  suites: ReadonlyArray<StorageSuite<any>> = allStorageSuites
): void {
  runStorageConformance(name, makeLayer, suites)
}
