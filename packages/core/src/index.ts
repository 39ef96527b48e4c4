/**
 * @servicekit/core — products, entitlements, keys and the HTTP contract as Effect
 * services behind ports. Adapters satisfy the ports; hosts serve the API.
 */
export type { Ports, StoragePorts } from "./Ports.js"
export * as ServiceKit from "./ServiceKit.js"
export type { Administration } from "./Administration.js"
export type { PlatformServices, Services } from "./ServiceKit.js"
export { makeApi, type ServiceKitApi } from "./Api.js"
export { modules, type ModuleName, type Modules } from "./Modules.js"

// modules
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
export { type SkillCall, SkillFailed, type SkillOutput, SkillPending, type SkillRunner } from "./module/SkillRunner.js"
export { EmailPipeline, type PipelineEmail } from "./module/EmailPipeline.js"

// platform
export * as KeyFormat from "./platform/KeyFormat.js"
export { ApiKeyRepository, type ApiKeyRecord } from "./platform/ApiKeys.js"
export {
  ApiKeyService,
  type ApiKeyView,
  type CreateApiKey,
  type CreatedApiKey,
  type VerifiedKey
} from "./platform/ApiKeyService.js"
export { SecretCrypto, constantTimeEqual, isUuid, layerCrypto } from "./platform/Crypto.js"
export { SecretBox, isSecretKey, layerSecretBox } from "./platform/SecretBox.js"
export {
  DashboardClaims,
  DashboardRole,
  DashboardTokenIssuer,
  DashboardTokenVerifier
} from "./platform/DashboardAuth.js"
export {
  ApiKeyNotFound,
  ErrorBody,
  ErrorDetail,
  NotAvailable,
  PermissionDenied,
  RateLimited,
  TenantNotFound,
  Unauthenticated,
  ValidationFailed,
  invalidField
} from "./platform/Errors.js"
export {
  Environment,
  type KeyAccess,
  KeyProduct,
  Product,
  Scope,
  type ScopeOf,
  allProducts,
  scopesByProduct
} from "./platform/Products.js"
export { RateLimitStore, type RateLimitResult, resultOf, windowOf } from "./platform/RateLimit.js"
export { RateLimiter } from "./platform/RateLimiter.js"
export { layerMemoryRateLimit } from "./testing/MemoryRateLimit.js"
export {
  ServiceKitSettings,
  defaultSettings,
  defaultWebhookSettings,
  type IpRateRule,
  type RateRule,
  type Settings,
  type WebhookSettings,
  type WorkerIdentity
} from "./platform/Settings.js"
export { TenantRepository, type Tenant } from "./platform/Tenants.js"
export { TenantService, type CreateTenant } from "./platform/TenantService.js"
export { UsageLedger, type UsageEntry, type UsageQuery } from "./platform/Usage.js"
export {
  MemoryDatabase,
  UniqueViolation,
  UnitOfWork,
  afterCommit,
  runCommitted,
  withTransaction
} from "./platform/UnitOfWork.js"

// calling
export {
  ANSWERED_RESULTS,
  CallResult,
  Direction,
  isAnswered,
  type Call,
  type CallQuery,
  type CallTotals,
  type CallWindowTotals
} from "./calling/Call.js"
export { CallNotFound, InvalidCall, InvalidCursor } from "./calling/CallingErrors.js"
export { CallRepository } from "./calling/CallRepository.js"
export { SipRepository } from "./calling/SipRepository.js"
export type { SipSettings, SipTransport, SipTrunk } from "./calling/Sip.js"
export {
  type ResolvedSipAddress,
  type SipAddress,
  SipAddressRefused,
  type SipFlow,
  SipNetwork,
  SipUnreachable
} from "./calling/SipNetwork.js"
export { MAX_SIP_MESSAGE_BYTES } from "./calling/SipMessage.js"
export { CallingService, IncomingCall, type IngestResult, type VoiceUsage } from "./calling/CallingService.js"

// chat
export type {
  AuthorType,
  ChatMessage,
  Conversation,
  ConversationStatus,
  Csat,
  MessageDraft,
  Priority,
  Visitor,
  VisitorToken,
  Widget
} from "./chat/Chat.js"
export {
  ChatMessageRepository,
  type ConversationChange,
  type ConversationQuery,
  ConversationRepository,
  type MessageQuery,
  VisitorRepository,
  VisitorTokenRepository,
  type VisitorUpsert,
  WidgetRepository
} from "./chat/ChatRepositories.js"
export type {
  DeliveryAttempt,
  DeliveryStatus,
  WebhookDelivery,
  WebhookEvent,
  WebhookSubscription
} from "./chat/Webhook.js"
export {
  type RecordedAttempt,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository
} from "./chat/WebhookRepositories.js"
export {
  ConversationNotFound,
  ConversationStateConflict,
  WebhookDeliveryNotFound,
  WebhookDeliveryPending,
  WebhookNotFound
} from "./chat/ChatErrors.js"
export { ChatService } from "./chat/ChatService.js"
export { webhookQueue } from "./chat/WebhookQueue.js"
export { WebhookService } from "./chat/WebhookService.js"

// transactional
export {
  type DeliveredMail,
  type MailSender,
  Mailer,
  MailRejected,
  type OutgoingMail,
  TestMailbox
} from "./transactional/Mailer.js"
export {
  type ActivityEntry,
  type ActivityStatus,
  type DeliveryStatistics,
  type EmailMessage,
  type EmailTemplate,
  type MessageStatus,
  TRANSACTIONAL_SOURCE,
  type TemplateBody
} from "./transactional/Transactional.js"
export {
  ActivityLog,
  type ActivityQuery,
  type MessageKey,
  MessageRepository,
  type RecordedDelivery,
  TemplateRepository
} from "./transactional/TransactionalRepositories.js"
export { type Listed, type Page, type Position, listPage, newestFirst, pageOf } from "./platform/Keyset.js"
export { TemplateNameTaken, TemplateNotFound } from "./transactional/TransactionalErrors.js"
export { deliveryQueue } from "./transactional/TransactionalDelivery.js"
export { TransactionalService } from "./transactional/TransactionalService.js"
export {
  IdempotencyInProgress,
  IdempotencyKeyReused,
  type IdempotencyRecord,
  IdempotencyStore,
  idempotent
} from "./platform/Idempotency.js"

// growth
export {
  GROWTH_CONVERSATIONS_SOURCE,
  GROWTH_CONVERSATION_STATUSES,
  type GrowthConversation,
  type GrowthConversationStatus,
  type GrowthMessage,
  type GrowthMessageDraft,
  MESSAGE_DIRECTIONS,
  type MessageDirection
} from "./growth/GrowthConversation.js"
export {
  type ActivityPosition,
  type GrowthConversationQuery,
  GrowthConversationRepository,
  GrowthMessageRepository
} from "./growth/GrowthConversationRepositories.js"
export { GrowthConversationNotFound } from "./growth/GrowthErrors.js"
export {
  type DashboardUser,
  type GrowthConversationListQuery,
  GrowthConversationService,
  type GrowthConversationThread,
  type NewGrowthConversation,
  type NewGrowthMessage
} from "./growth/GrowthConversationService.js"

// automations
export type { Flow, JsonObject, Workflow } from "./automations/records/Workflow.js"
export { FlowRepository, type WorkflowKey, WorkflowRepository } from "./automations/records/AutomationsRepositories.js"
export type {
  Approval,
  ApprovalStatus,
  Run,
  RunStatus,
  RunTakeover,
  RunTrigger,
  StepResult,
  StepStatus
} from "./automations/records/Run.js"
export { MAX_TAKEOVERS, RUN_STATUSES, TIMED_WAITS } from "./automations/records/Run.js"
export { ApprovalRepository, type ApprovalQuery } from "./automations/records/ApprovalRepository.js"
export {
  type RunKey,
  RunRepository,
  type RunQuery,
  type RunUpdate,
  type RunStatistics,
  type StepLogEntry,
  type StepLogPage,
  type StepLogQuery,
  type StepPosition,
  messageChannel,
  percentileDisc
} from "./automations/records/RunRepositories.js"
export { FlowNotFound, WorkflowNotFound } from "./automations/AutomationsErrors.js"
export type { MemoryAudit, MemoryEntry, ModelChoice, Policy, ToolProfile } from "./automations/governance/Governance.js"
export {
  type NewSessionEntry,
  SESSION_SCOPES,
  type Session,
  type SessionEntry,
  type SessionRole,
  type SessionScope,
  estimateTokens,
  sessionKey
} from "./automations/sessions/Session.js"
export { type SessionFilter, SessionRepository } from "./automations/sessions/SessionRepositories.js"
export { type Agent, ROUTE_KEY, type RouteTarget, routeAgent } from "./automations/agents/Agent.js"
export { AgentRepository } from "./automations/agents/AgentRepositories.js"
export { CHANNEL_TYPES, type Channel, type ChannelType } from "./automations/channels/Channel.js"
export { ChannelRepository } from "./automations/channels/ChannelRepositories.js"
export {
  COMMAND_STATUSES,
  type CommandStatus,
  DEFAULT_POLL_SECONDS,
  MAX_DATA_BYTES,
  MAX_OUTPUT_CHARS,
  NODE_SKILLS,
  NODE_STATUSES,
  type Node,
  type NodeCommand,
  type NodeSkillId,
  type NodeStatus,
  hostAllowed
} from "./automations/nodes/Node.js"
export { type CommandResult, NodeCommandService } from "./automations/nodes/NodeCommandService.js"
export { SOCKET_SECRET_REFUSED } from "./automations/nodes/NodeSocket.js"
export { NodeService } from "./automations/nodes/NodeService.js"
export { NodeCommandRepository, NodeRepository } from "./automations/nodes/NodeRepositories.js"
export type {
  PackContent,
  PackInstallation,
  PackParameter,
  PackSummary,
  PackTemplate,
  PackVersion
} from "./automations/marketplace/Pack.js"
export { builtInPacks } from "./automations/marketplace/BuiltInPacks.js"
export { PackRepository, type PackVersionSummary } from "./automations/marketplace/PackRepository.js"
export { type MarketplacePack, MarketplaceService } from "./automations/marketplace/MarketplaceService.js"
export type { Sequence } from "./automations/sequences/Sequence.js"
export { SequenceRepository } from "./automations/sequences/SequenceRepository.js"
export { type SequenceInput, type SequencePatch, SequenceService } from "./automations/sequences/SequenceService.js"
export {
  MemoryAuditRepository,
  type MemoryAuditQuery,
  MemoryRepository,
  type MemoryQuery,
  ModelChoiceRepository,
  PolicyRepository,
  ToolProfileRepository
} from "./automations/governance/GovernanceRepositories.js"
export { type MessageChannel, type Skill, type SkillDefinition, SkillRegistry } from "./automations/skills/Skills.js"
export { builtInSkills } from "./Modules.js"
export { type CustomSkill, defineSkill } from "./automations/skills/CustomSkills.js"
export type { StandardIssue, StandardResult, StandardSchema } from "./platform/StandardSchema.js"
export { WorkflowService } from "./automations/workflows/WorkflowService.js"
export { ReadoutService, SLO_WINDOW_DAYS } from "./automations/readouts/ReadoutService.js"

// jobs
export { type EventSubscriber, EventBus, dispatchEvents, dispatchQueue, eachEvent, runDispatcher } from "./jobs/EventBus.js"
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
export { type Socket, type WebSocketConnection, type WebSocketHandler, acceptWebSocket } from "./http/WebSocket.js"
export { type ServerSentEvent, encodeEvent, eventStream, lastEventId } from "./http/EventStream.js"
export { fromWebRequest, toWebResponse } from "./http/Web.js"
export { isPublicAddress, parseRange } from "./platform/IpAllowlist.js"
export {
  MAX_RESPONSE_BYTES,
  type OutboundAnswer,
  OutboundFailed,
  OutboundHttp,
  OutboundRefused,
  type OutboundRequest,
  type OutboundResponse,
  checkOutboundUrl
} from "./platform/OutboundHttp.js"
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
  type ModelUsage,
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
  type RoutedReply
} from "./platform/ModelRouter.js"
export {
  type VerifyWebhookOptions,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookHeaders,
  type WebhookVerification,
  signWebhook,
  verifyWebhook
} from "./platform/WebhookSignature.js"
export { HealthChecks, NotReady, checkReadiness, type HealthCheck } from "./platform/Health.js"
export { isOrigin } from "./http/Cors.js"
export { isFrameAncestor } from "./Console.js"
