import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { agentJson, input as agentInput } from "../agents/AgentHandlers.js"
import { AgentService } from "../agents/AgentService.js"
import { workflowJson } from "../workflows/AutomationsHandlers.js"
import { channelJson } from "../channels/ChannelHandlers.js"
import { ChannelService } from "../channels/ChannelService.js"
import { approvalJson, runJson } from "../runs/RunHandlers.js"
import { RunEngine } from "../runs/RunEngine.js"
import { sessionJson } from "../sessions/SessionHandlers.js"
import { SessionService } from "../sessions/SessionService.js"
import { WorkflowService } from "../workflows/WorkflowService.js"
import { sequenceJson } from "../sequences/SequenceHandlers.js"
import { SequenceService } from "../sequences/SequenceService.js"
import { automationsConsole } from "./AutomationsConsole.js"
import type { MarketplaceSchemas } from "../marketplace/MarketplaceApi.js"
import { automationsDashboardApi } from "./AutomationsDashboardApi.js"
import { dashboardAccess } from "./DashboardAccess.js"
import { dashboardGovernanceHandlers } from "./DashboardGovernanceHandlers.js"
import { dashboardRunHandlers } from "./DashboardRunsHandlers.js"
import { type ResourceServices, resourceNamed } from "./DashboardResources.js"

export const automationsDashboardHandlers = (marketplace: MarketplaceSchemas) =>
  implement(
    automationsDashboardApi(marketplace),
    Effect.gen(function* () {
      const { reader, writer } = yield* dashboardAccess
      const workflows = yield* WorkflowService
      const sequences = yield* SequenceService
      const agents = yield* AgentService
      const runs = yield* RunEngine
      const sessions = yield* SessionService
      const channels = yield* ChannelService
      const consoleOf = yield* automationsConsole
      // The resource table's entries take their services from here.
      const services = yield* Effect.context<ResourceServices>()
      const runsAndNodes = yield* dashboardRunHandlers
      const governanceAndMarketplace = yield* dashboardGovernanceHandlers
      return {
        ...runsAndNodes,
        ...governanceAndMarketplace,
        listDashboardWorkflows: ({ urlParams }) =>
          Effect.flatMap(reader, ({ tenantId }) => workflows.list(tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, workflowJson))
          ),
        createDashboardWorkflow: ({ payload }) =>
          Effect.flatMap(writer, (author) => workflows.create(author, payload)).pipe(Effect.map(workflowJson)),
        listDashboardSequences: ({ urlParams }) =>
          Effect.flatMap(reader, ({ tenantId }) => sequences.list(tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, sequenceJson))
          ),
        createDashboardSequence: ({ payload }) =>
          Effect.flatMap(writer, (author) => sequences.create(author, payload)).pipe(Effect.map(sequenceJson)),
        getAutomationsConsole: () =>
          Effect.flatMap(reader, ({ tenantId }) => consoleOf(tenantId)).pipe(
            Effect.map((home) => ({
              recentRuns: home.recentRuns.items.map(runJson),
              recentFailures: home.recentFailures.items.map(runJson),
              waitingApprovals: home.waitingApprovals.items.map(approvalJson),
              slo: home.slo
            }))
          ),
        listDashboardAgents: ({ urlParams }) =>
          Effect.flatMap(reader, ({ tenantId }) => agents.list(tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, agentJson))
          ),
        createDashboardAgent: ({ payload }) =>
          Effect.flatMap(writer, ({ tenantId }) => agents.create(tenantId, agentInput(payload))).pipe(
            Effect.map(agentJson)
          ),
        listDashboardRuns: ({ urlParams }) =>
          Effect.flatMap(reader, ({ tenantId }) => runs.list(tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, runJson))
          ),
        listDashboardSessions: ({ urlParams }) =>
          Effect.flatMap(reader, ({ tenantId }) => sessions.list(tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, sessionJson))
          ),
        listDashboardApprovals: ({ urlParams }) =>
          Effect.flatMap(reader, ({ tenantId }) => runs.listApprovals(tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, approvalJson))
          ),
        listDashboardChannels: ({ urlParams }) =>
          Effect.flatMap(reader, ({ tenantId }) => channels.list(tenantId, urlParams)).pipe(
            Effect.map((listed) => pageJson(listed, channelJson))
          ),
        updateDashboardResource: ({ path, payload }) =>
          Effect.flatMap(writer, (author) =>
            Effect.flatMap(resourceNamed(path.resource), (resource) => resource.update(author, path.id, payload))
          ).pipe(Effect.provide(services)),
        deleteDashboardResource: ({ path }) =>
          Effect.flatMap(writer, (author) =>
            Effect.flatMap(resourceNamed(path.resource), (resource) => resource.remove(author, path.id))
          ).pipe(Effect.provide(services))
      }
    })
  )
