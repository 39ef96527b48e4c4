import { Effect, Layer } from "effect"
import { groups } from "../http/Implement.js"
import { sentEvent } from "../module/EventBodies.js"
import { defineModule } from "../module/ProductModule.js"
import { NodeOfflineEvent } from "./nodes/NodeEvents.js"
import { automationsHandlers } from "./workflows/AutomationsHandlers.js"
import { aiSkills } from "./governance/AiSkills.js"
import { automationSkills } from "./AutomationSkills.js"
import { automationsSettings } from "./AutomationsSettings.js"
import { channelSkills } from "./channels/ChannelSkills.js"
import { layerAutomationHookAuth, layerChannelInboundAuth } from "./hooks/HookAuth.js"
import { hookHandlers, runHandlers } from "./runs/RunHandlers.js"
import { readoutHandlers } from "./readouts/ReadoutHandlers.js"
import { ReadoutService, SLO_WINDOW_DAYS } from "./readouts/ReadoutService.js"
import { RunEngine, runQueue } from "./runs/RunEngine.js"
import { runEvents } from "./runs/RunEventBodies.js"
import { FlowRepository, WorkflowRepository } from "./records/AutomationsRepositories.js"
import { RunRepository } from "./records/RunRepositories.js"
import { ApprovalRepository } from "./records/ApprovalRepository.js"
import { WaitpointRepository } from "./records/WaitpointRepository.js"
import {
  MemoryAuditRepository,
  MemoryRepository,
  ModelChoiceRepository,
  PolicyRepository,
  ToolProfileRepository
} from "./governance/GovernanceRepositories.js"
import { SessionRepository } from "./sessions/SessionRepositories.js"
import { AgentRepository } from "./agents/AgentRepositories.js"
import { AgentTurnRepository } from "./agents/AgentTurnRepository.js"
import { agentHandlers } from "./agents/AgentHandlers.js"
import { AgentService } from "./agents/AgentService.js"
import { channelHandlers, channelInboundHandlers } from "./channels/ChannelHandlers.js"
import { ChannelRepository } from "./channels/ChannelRepositories.js"
import { ChannelService } from "./channels/ChannelService.js"
import { sessionHandlers } from "./sessions/SessionHandlers.js"
import { SessionService } from "./sessions/SessionService.js"
import { WorkflowService } from "./workflows/WorkflowService.js"
import { eventTriggers, fire, fireQueue } from "./workflows/Triggers.js"
import { governanceHandlers } from "./governance/GovernanceHandlers.js"
import { GovernanceService } from "./governance/GovernanceService.js"
import { MemoryService } from "./governance/MemoryService.js"
import { ModelService } from "./governance/ModelService.js"
import { layerNodeDeviceAuth } from "./nodes/NodeDeviceAuth.js"
import { nodeClaimHandlers, nodeDeviceHandlers, nodeHandlers } from "./nodes/NodeHandlers.js"
import { NodeCommandRepository, NodeRepository } from "./nodes/NodeRepositories.js"
import { NodeCommandService } from "./nodes/NodeCommandService.js"
import { NodeService } from "./nodes/NodeService.js"
import { nodeSkills } from "./nodes/NodeSkills.js"
import { layerNodeWaitingWork } from "./nodes/NodeWaitingWork.js"
import { marketplaceSchemas } from "./marketplace/MarketplaceApi.js"
import { marketplaceHandlers } from "./marketplace/MarketplaceHandlers.js"
import { MarketplaceService } from "./marketplace/MarketplaceService.js"
import { PackRepository } from "./marketplace/PackRepository.js"
import { sequenceHandlers } from "./sequences/SequenceHandlers.js"
import { SequenceRepository } from "./sequences/SequenceRepository.js"
import { SequenceService } from "./sequences/SequenceService.js"
import { automationsDashboardHandlers } from "./dashboard/AutomationsDashboardHandlers.js"

/** The workflow the development tenant's first request creates: run it with POST /workflows/{id}/run. */
const firstWorkflow = {
  name: "Hello",
  triggerJson: { schemaVersion: 1, type: "manual" },
  stepsJson: [{ type: "log", message: "Hello {{payload.name}}" }]
}

/**
 * Automations: workflows with their triggers and steps, validated against the skill registry
 * and the tenant's entitlements, and their flows' revisions, over API keys with
 * automations:manage; what runs them (runs, approvals, agents, sessions, channels) and companion
 * nodes (nodes/), which run node skills for them.
 */
export const automations = defineModule({
  name: "automations",
  products: [
    { name: "automations", keys: { scopes: ["automations:manage"] }, events: [...runEvents, sentEvent(NodeOfflineEvent)] },
    { name: "ai_agent" }
  ],
  settings: automationsSettings,
  // A skill pack's answers name the products of the kit's catalog.
  groups: (products) => {
    const marketplace = marketplaceSchemas(products)
    return groups(
      automationsHandlers,
      runHandlers,
      hookHandlers,
      governanceHandlers,
      sessionHandlers,
      agentHandlers,
      channelHandlers,
      channelInboundHandlers,
      readoutHandlers,
      nodeHandlers,
      nodeClaimHandlers,
      nodeDeviceHandlers,
      automationsDashboardHandlers(marketplace),
      sequenceHandlers,
      marketplaceHandlers(marketplace)
    )
  },
  middleware: Layer.mergeAll(layerAutomationHookAuth, layerChannelInboundAuth, layerNodeDeviceAuth),
  // Sessions and agents check model labels as they are built: the model service comes first;
  // sequences and skill packs are written and run through the workflow and run services.
  services: Layer.mergeAll(SequenceService.layer, MarketplaceService.layer).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        WorkflowService.layer,
        RunEngine.layer.pipe(Layer.provide(layerNodeWaitingWork)),
        GovernanceService.layer,
        MemoryService.layer,
        SessionService.layer,
        AgentService.layer,
        ChannelService.layer,
        ReadoutService.layer,
        NodeCommandService.layer.pipe(Layer.provideMerge(NodeService.layer))
      ).pipe(Layer.provideMerge(ModelService.layer))
    )
  ),
  memory: Layer.mergeAll(
    WorkflowRepository.layerMemory,
    FlowRepository.layerMemory,
    RunRepository.layerMemory,
    ApprovalRepository.layerMemory,
    WaitpointRepository.layerMemory,
    PolicyRepository.layerMemory,
    ModelChoiceRepository.layerMemory,
    ToolProfileRepository.layerMemory,
    MemoryRepository.layerMemory,
    MemoryAuditRepository.layerMemory,
    SessionRepository.layerMemory,
    AgentRepository.layerMemory,
    AgentTurnRepository.layerMemory,
    ChannelRepository.layerMemory,
    NodeRepository.layerMemory,
    NodeCommandRepository.layerMemory,
    SequenceRepository.layerMemory,
    PackRepository.layerMemory
  ),
  workers: [
    {
      queue: runQueue,
      concurrency: 50,
      handle: (job) =>
        Effect.flatMap(RunEngine, (runs) =>
          runs.process(
            String(job.payload.tenantId),
            String(job.payload.runId),
            typeof job.payload.waitpointId === "string" ? job.payload.waitpointId : undefined
          )
        ),
      eager: (concurrency) => Effect.flatMap(RunEngine, (runs) => runs.followStartsHere(concurrency))
    },
    { queue: fireQueue, concurrency: 10, handle: fire }
  ],
  subscribers: [eventTriggers],
  periodic: [
    {
      name: "automations.runs.resume",
      // As often as a worker renews its leases: a dead worker's run waits at most a quarter more.
      every: (settings) => settings.runLeaseMs / 4,
      run: Effect.flatMap(RunEngine, (runs) => runs.resumeStalled)
    },
    {
      name: "automations.nodes.offline",
      // A node is found offline within a third of the offline time after it went quiet.
      every: (settings) => settings.nodeOfflineMs / 3,
      run: Effect.flatMap(NodeService, (nodes) => nodes.sweepOffline)
    },
    {
      name: "automations.waitpoints.due",
      // Waitpoints have their jobs at their due time: this catches those late or lost.
      every: (settings) => settings.runLeaseMs / 4,
      run: Effect.flatMap(RunEngine, (runs) => runs.sweepWaitpoints)
    }
  ],
  retention: [
    // Kept 30 days after they end, as Trigger.dev's paid plans keep runs; never fewer than the SLO's window reads.
    {
      kind: "automations.runs",
      product: "automations",
      description:
        "Runs that ended (succeeded, failed, cancelled, expired or skipped), with their step results, agent turns, approvals and waits, from when they ended",
      defaultDays: 30,
      minimumDays: SLO_WINDOW_DAYS,
      prune: (before, limit, tenantId) => Effect.flatMap(RunRepository, (runs) => runs.pruneEnded(before, limit, tenantId))
    },
    // Every memory read and write an agent made: kept 90 days, as audit logs commonly are.
    {
      kind: "automations.memory_audit",
      product: "automations",
      description: "Who read or wrote each key of the account's memory, and when, from then",
      defaultDays: 90,
      prune: (before, limit, tenantId) =>
        Effect.flatMap(MemoryAuditRepository, (audit) => audit.prune(before, limit, tenantId))
    },
    // A node's answers may carry captures (screenshots, files) of megabytes: kept 30 days after they came back.
    {
      kind: "automations.node_commands",
      product: "automations",
      description:
        "Commands companion nodes ran, with what they answered (output, captures, errors), from when they ended; the runs' own results stay",
      defaultDays: 30,
      prune: (before, limit, tenantId) =>
        Effect.flatMap(NodeCommandRepository, (commands) => commands.pruneEnded(before, limit, tenantId))
    }
  ],
  skills: [...automationSkills, ...aiSkills, ...channelSkills, ...nodeSkills],
  development: {
    product: "automations",
    scopes: ["automations:manage"],
    tryIt: (baseUrl, key) =>
      `curl -H "Authorization: Bearer ${key}" -H "content-type: application/json" -d '${JSON.stringify(firstWorkflow)}' ${baseUrl}/v1/automations/workflows`
  }
})
