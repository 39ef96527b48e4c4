/**
 * @servicekit/core/internal — for ServiceKit's own packages (adapters, hosts, conformance
 * suites): ports and repositories, stored rows, the job and fan-out machinery, the HTTP
 * toolkit's host bridge, and helpers. Not for apps: it changes with the packages beside it.
 */

// composition
export { makeApi, type ServiceKitApi } from "./Api.js"
export { builtInSkills } from "./Modules.js"
export { isFrameAncestor } from "./Console.js"

// modules and skills: what the built-in modules, and those a kit adds, are written with
export {
  type Command,
  type CommandInput,
  type CommandOutput,
  type DevelopmentAccess,
  type ProductModule,
  UsageError,
  defineModule,
  requiredFlag
} from "./module/ProductModule.js"
export {
  type Deployment,
  type ModuleSettings,
  type SettingsOptionsOf,
  defineSettings,
  optionalVariable,
  positiveInteger
} from "./module/ModuleSettings.js"
export { type BrandOptions, type BrandingOptions, brandingSettings } from "./module/BrandingSettings.js"
export type { CatalogEvent, CatalogSchemas, ProductEvent } from "./platform/Products.js"
export { eventBody, sentEvent } from "./module/EventBodies.js"
export { Text as SkillText, builtInSkill } from "./module/SkillInputs.js"
export { groups } from "./http/Implement.js"
export { PageJson, PageParams, pageJson } from "./http/Pages.js"
export { Timestamp, Uuid, UuidText, withReason, withoutNul } from "./http/Schemas.js"
export { memoryTable, tenantRowsOf } from "./platform/MemoryTable.js"
export { type SkillCall, SkillFailed, type SkillOutput, SkillPending, type SkillRunner } from "./module/SkillRunner.js"
export { EmailPipeline, type PipelineEmail } from "./module/EmailPipeline.js"
export { type MessageChannel, type Skill, type SkillDefinition, SkillRegistry } from "./automations/skills/Skills.js"

// platform
export * as KeyFormat from "./platform/KeyFormat.js"
export { ApiKeyRepository, type ApiKeyRecord } from "./platform/ApiKeys.js"
export { SecretCrypto, constantTimeEqual, isUuid, layerCrypto, randomUuid } from "./platform/Crypto.js"
export { SecretBox, isSecretKey, layerSecretBox } from "./platform/SecretBox.js"
export {
  BlobStore,
  type StoredBlob,
  checkBlobKey,
  isBlobKey,
  isBlobPrefix,
  pageOfKeys,
  streamOf,
  tenantBlobPrefix
} from "./platform/BlobStore.js"
export { invalidField } from "./platform/Errors.js"
export { RateLimitStore, type RateLimitResult, resultOf, windowOf } from "./platform/RateLimit.js"
export { RateLimiter } from "./platform/RateLimiter.js"
export { layerMemoryRateLimit } from "./testing/MemoryRateLimit.js"
export { TenantRepository } from "./platform/Tenants.js"
export { TenantData } from "./platform/TenantData.js"
export { TenantDeletionRepository, type TenantDeletionRecord } from "./accounts/TenantDeletions.js"
export { UsageLedger, type UsageEntry, type UsageQuery } from "./platform/Usage.js"
export {
  MemoryDatabase,
  type MemoryTenantRows,
  UniqueViolation,
  UnitOfWork,
  afterCommit,
  runCommitted,
  withTransaction
} from "./platform/UnitOfWork.js"
export { type Listed, type Page, type Position, listPage, newestFirst, pageOf } from "./platform/Keyset.js"
export {
  IdempotencyInProgress,
  IdempotencyKeyReused,
  type IdempotencyRecord,
  IdempotencyStore,
  idempotent
} from "./platform/Idempotency.js"
export { isPublicAddress, parseRange } from "./platform/IpAllowlist.js"
export {
  MAX_RESPONSE_BYTES,
  type OutboundAnswer,
  OutboundBusy,
  type OutboundError,
  OutboundFailed,
  OutboundHttp,
  OutboundRefused,
  type OutboundRequest,
  type OutboundResponse,
  checkOutboundUrl,
  destinationOf
} from "./platform/OutboundHttp.js"
export { type Release, makeDestinationShares } from "./platform/DestinationShares.js"
export {
  DEFAULT_CONTEXT_WINDOW,
  LanguageModel,
  MODEL_LABEL,
  type ModelCatalog,
  ModelFailed,
  type ModelFailure,
  type ModelMessage,
  type ModelReply,
  type ModelRequest,
  type ModelTool,
  type ModelToolCall,
  type ModelUsage,
  TOOL_PROTOCOLS,
  type ToolProtocol,
  failsOver,
  failureOfStatus
} from "./platform/LanguageModel.js"
export {
  COOLDOWN_BASE_MS,
  COOLDOWN_MAX_MS,
  MAX_RETRY_AFTER_WAIT_MS,
  type ModelAttempt,
  ModelCallFailed,
  ModelRouter,
  type ModelPrompt,
  type RoutedPrompt,
  type RoutedReply
} from "./platform/ModelRouter.js"
export { signWebhook } from "./platform/WebhookSignature.js"
export { NotReady, checkReadiness } from "./platform/Health.js"

// jobs
export {
  type AskedEvent,
  type EventHearing,
  type EventSubscriber,
  EventBus,
  dispatchEvents,
  dispatchQueue,
  eachEvent,
  runDispatcher
} from "./jobs/EventBus.js"
export { type DomainEvent, EventOutbox, type StoredEvent } from "./jobs/EventOutbox.js"
export { FanOut, MAX_MESSAGE_BYTES, checkMessage, isTopic } from "./jobs/FanOut.js"
export {
  type ScheduleDefinition,
  type ScheduleSpec,
  ScheduleStore,
  Scheduler,
  type StoredSchedule,
  invalidSpec,
  nextDue,
  runScheduler
} from "./jobs/Scheduler.js"
export {
  type EnqueueOptions,
  type Job,
  type JobHandler,
  type JobPayload,
  JobQueue,
  type JobToEnqueue,
  type QueueDefinition,
  type WorkOptions,
  defineQueue,
  retryDelay
} from "./jobs/JobQueue.js"
export {
  HELD,
  PLATFORM_TURN,
  type SlotBuffer,
  TenantWeights,
  type TurnClock,
  makeSlotHoldings,
  makeTurnClock,
  slotAllowances,
  weightReader
} from "./jobs/FairTurns.js"

// http toolkit
export { ApiError } from "./http/ApiError.js"
export { type AnsweredRequest, RequestObserver } from "./http/RequestObserver.js"
export { EngineRefusal } from "./http/Engine.js"
export { describeError, errorBody } from "./http/Failure.js"
export { type GroupHandlers, type ImplementedGroup, implement } from "./http/Implement.js"
export { type IncomingRequest, type RequestHeaders, ServerRequest, bodyConsumed } from "./http/RequestContext.js"
export type { OutgoingResponse, ResponseBody, ResponseHeaders } from "./http/Response.js"
export {
  ApiCaller,
  ApiKeyAuth,
  ApiKeyOrDashboardAuth,
  DashboardAuth,
  DashboardSession,
  RequiredScope,
  TenantActor,
  requireTenant,
  requireTenantAdmin,
  requireTenantManager
} from "./http/Security.js"
export { type Socket, acceptWebSocket } from "./http/WebSocket.js"
export type { WebSocketConnection, WebSocketHandler } from "./http/WebSocketHost.js"
export { type ServerSentEvent, encodeEvent, eventStream, lastEventId } from "./http/EventStream.js"
export { fromWebRequest, toWebResponse } from "./http/Web.js"
export { isOrigin } from "./http/Cors.js"

// calling
export { CallRepository } from "./calling/CallRepository.js"
export { type CallInProgress, CallsInProgress } from "./calling/CallsInProgress.js"
export { type HostedNumber, HostedNumbers } from "./calling/HostedNumbers.js"
export { DnsResolver, DnsUnavailable } from "./platform/Dns.js"
export type { DomainRecord, DomainStatus, MailDomain } from "./maildomains/MailDomain.js"
export { MailDomainRepository } from "./maildomains/MailDomainRepository.js"
export { MailDomainService } from "./maildomains/MailDomainService.js"
export { type TenantPeriod, TenantPeriodRepository } from "./retention/TenantPeriods.js"
export { type RetentionPeriod, RetentionService } from "./retention/RetentionService.js"
export { type RetainedData, RetainedKinds } from "./module/Retention.js"
export { DeliveryReportInbox, type ArrivedReport, type ReportReceipt } from "./transactional/DeliveryReportInbox.js"
export { messageToken, type TokenPurpose } from "./transactional/MessageTokens.js"
export {
  REMOVABLE_REASONS as REMOVABLE_SUPPRESSION_REASONS,
  SOFT_BOUNCE_LIMIT,
  SOFT_BOUNCE_WINDOW_DAYS,
  type SoftBounceCount,
  type StreamAddress,
  type Suppression,
  isRemovable as isRemovableSuppression
} from "./suppressions/Suppression.js"
export { SuppressionRepository } from "./suppressions/SuppressionRepository.js"
export {
  type ReputationCause,
  type ReputationStanding,
  type ReputationStatus,
  type ReputationTotals
} from "./mailreputation/Reputation.js"
export { type HourTally, MAX_LISTED_STANDINGS, ReputationRepository } from "./mailreputation/ReputationRepository.js"
export { ReputationService } from "./mailreputation/ReputationService.js"
export { SendingReputation, type SendingTally } from "./module/SendingReputation.js"
export { SuppressionService } from "./suppressions/SuppressionService.js"
export {
  Suppressions,
  type MailStream,
  type NewSuppression,
  type SoftBounce,
  type SuppressionReason
} from "./module/Suppressions.js"
export { SipRepository } from "./calling/SipRepository.js"
export {
  type ResolvedSipAddress,
  type SipAddress,
  SipAddressRefused,
  type SipFlow,
  SipNetwork,
  SipUnreachable
} from "./calling/SipNetwork.js"
export { MAX_SIP_MESSAGE_BYTES } from "./calling/SipMessage.js"

// chat
export {
  ChatMessageRepository,
  type ConversationChange,
  type ConversationQuery,
  CONVERSATION_ROWS,
  ConversationRepository,
  type MessageQuery,
  VisitorRepository,
  VisitorTokenRepository,
  type VisitorUpsert
} from "./chat/ChatRepositories.js"
export { type NewWidget, WidgetRepository } from "./chat/WidgetRepository.js"
export { defaultWorkingHours, storedWorkingHours } from "./chat/WorkingHours.js"
export { messagePreview } from "./chat/Chat.js"
export { type ConversationRead, ConversationReadRepository } from "./chat/ConversationReads.js"
export { AgentProfileRepository } from "./chat/AgentProfiles.js"
export { ConversationNoteRepository, MAX_NOTES_PER_CONVERSATION } from "./chat/ConversationNotes.js"
export { CannedResponseRepository, SHORTCUT_TAKEN } from "./chat/CannedResponses.js"
export { ChatFileRepository, defaultFileRules } from "./chat/ChatFiles.js"
export { type AssignmentMode, type AssignmentRules, defaultAssignmentRules } from "./chat/Assignment.js"
export { AssignmentService } from "./chat/AssignmentService.js"
export { DEFAULT_FILE_KINDS, FILE_KINDS, type FileKind } from "./platform/FileTypes.js"
export { AgentPresenceRepository } from "./chat/AgentPresence.js"
export { VisitorSeenRepository } from "./chat/VisitorSeen.js"
export { REPLY_EMAIL_SOURCE, ReplyEmailService } from "./chat/ReplyByEmail.js"
export {
  type RecordedAttempt,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository
} from "./webhooks/WebhookRepositories.js"
export { webhookQueue } from "./webhooks/WebhookQueue.js"

// transactional
export {
  type DeliveredMail,
  type MailSender,
  Mailer,
  MailRejected,
  type OutgoingMail,
  TestMailbox
} from "./transactional/Mailer.js"
export { TRANSACTIONAL_SOURCE } from "./transactional/Transactional.js"
export {
  ActivityLog,
  type ActivityQuery,
  type MessageKey,
  MessageRepository,
  type RecordedDelivery,
  TemplateRepository
} from "./transactional/TransactionalRepositories.js"
export { deliveryQueue } from "./transactional/TransactionalDelivery.js"
export {
  type DeliveryReport,
  enhancedStatusIn,
  interpretReport,
  isHardFailure,
  type RecipientOutcome,
  type ReportedOriginal,
  type ReportParts
} from "./transactional/DeliveryReports.js"

// growth
export { GROWTH_CONVERSATIONS_SOURCE } from "./growth/GrowthConversation.js"
export {
  type ActivityPosition,
  type GrowthConversationQuery,
  GrowthConversationRepository,
  GrowthMessageRepository
} from "./growth/GrowthConversationRepositories.js"

// automations
export { FlowRepository, type WorkflowKey, WorkflowRepository } from "./automations/records/AutomationsRepositories.js"
export { ENDED_RUN_STATUSES, MAX_TAKEOVERS } from "./automations/records/Run.js"
export { ApprovalRepository, type ApprovalQuery } from "./automations/records/ApprovalRepository.js"
export { WaitpointRepository } from "./automations/records/WaitpointRepository.js"
export { RunEngine } from "./automations/runs/RunEngine.js"
export { type AgentStepKey, AgentTurnRepository, type StoredTurn, type StoredTurnRow } from "./automations/agents/AgentTurnRepository.js"
export { WaitingWork } from "./automations/records/Waitpoint.js"
export {
  RUN_ROWS,
  type RunKey,
  RunRepository,
  type RunQuery,
  type RunUpdate,
  type StepsWritten
} from "./automations/records/RunRepositories.js"
export {
  type RunStatistics,
  type StepLogEntry,
  type StepLogPage,
  type StepLogQuery,
  type StepPosition,
  messageChannel,
  percentileDisc
} from "./automations/records/RunReadouts.js"
export { type NewSessionEntry, estimateTokens, sessionKey } from "./automations/sessions/Session.js"
export { type SessionFilter, SessionRepository } from "./automations/sessions/SessionRepositories.js"
export { ROUTE_KEY, routeAgent } from "./automations/agents/Agent.js"
export { AgentRepository } from "./automations/agents/AgentRepositories.js"
export { ChannelRepository } from "./automations/channels/ChannelRepositories.js"
export {
  DEFAULT_POLL_SECONDS,
  MAX_DATA_BYTES,
  MAX_OUTPUT_CHARS,
  NODE_SKILLS,
  hostAllowed
} from "./automations/nodes/Node.js"
export { SOCKET_SECRET_REFUSED } from "./automations/nodes/NodeSocket.js"
export { NodeCommandRepository, NodeRepository } from "./automations/nodes/NodeRepositories.js"
export { PackRepository, type PackVersionSummary } from "./automations/marketplace/PackRepository.js"
export { SequenceRepository } from "./automations/sequences/SequenceRepository.js"
export {
  MemoryAuditRepository,
  type MemoryAuditQuery,
  MemoryRepository,
  type MemoryQuery,
  ModelChoiceRepository,
  PolicyRepository,
  ToolProfileRepository
} from "./automations/governance/GovernanceRepositories.js"
