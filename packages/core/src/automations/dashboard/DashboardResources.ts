import { HttpApiSchema } from "@effect/platform"
import { Effect, Either, Schema } from "effect"
import { type PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import { issueDetails } from "../../platform/ParseIssues.js"
import { agentJson, input as agentInput } from "../agents/AgentHandlers.js"
import { AgentService } from "../agents/AgentService.js"
import { AgentJson, AgentPatchBody } from "../agents/AgentsApi.js"
import { PatchWorkflowBody, WorkflowJson } from "../workflows/AutomationsApi.js"
import { AgentNotFound, SequenceNotFound, WorkflowNotFound } from "../AutomationsErrors.js"
import { workflowJson } from "../workflows/AutomationsHandlers.js"
import { type Author, WorkflowService } from "../workflows/WorkflowService.js"
import { sequenceJson } from "../sequences/SequenceHandlers.js"
import { SequenceService } from "../sequences/SequenceService.js"
import { PatchSequenceBody, SequenceJson } from "../sequences/SequencesApi.js"
import { NodeNotFound } from "../nodes/NodeErrors.js"
import { nodeJson, revokeNode } from "../nodes/NodeHandlers.js"
import { NodeJson, UpdateNodeBody } from "../nodes/NodesApi.js"
import { NodeService } from "../nodes/NodeService.js"

/**
 * A resource the dashboard changes through `PATCH` and `DELETE /growth/automations/{resource}/{id}`,
 * exactly as its public `PATCH` and `DELETE /v1/automations/{resource}/{id}` do: the same body,
 * the same service method, the same answer.
 */
interface DashboardResource<Patch, Json, NotFound, R> {
  /** The body of the public PATCH route. */
  readonly patch: Schema.Schema<Patch, any>
  /** What the public routes answer. */
  readonly json: Schema.Schema<Json, any>
  /** The 404 for an id the account does not have. */
  readonly notFound: Schema.Schema<NotFound, any>
  readonly update: (
    author: Author,
    id: string,
    patch: Patch
  ) => Effect.Effect<NoInfer<Json>, NoInfer<NotFound> | ValidationFailed | PermissionDenied, R>
  readonly remove: (author: Author, id: string) => Effect.Effect<NoInfer<Json>, NoInfer<NotFound>, R>
}

/** The common 400 for a body that does not fit the resource's PATCH body, worded as the engine words it. */
const invalidBody = (details: ReturnType<typeof issueDetails>) =>
  new ValidationFailed({
    message: `Invalid request: ${details.map((detail) => `${detail.field} ${detail.reason}`).join("; ")}`,
    details
  })

/** An entry of the table, its PATCH body decoded here since the route's body is any JSON object. */
const resource = <Patch, Json, NotFound, R>(entry: DashboardResource<Patch, Json, NotFound, R>) => {
  const decode = Schema.decodeUnknownEither(entry.patch)
  return {
    json: entry.json,
    notFound: entry.notFound,
    update: (author: Author, id: string, body: unknown) =>
      Either.match(decode(body), {
        onLeft: (error) => Effect.fail(invalidBody(issueDetails(error))),
        onRight: (patch) => entry.update(author, id, patch)
      }),
    remove: entry.remove
  }
}

/** The resources `PATCH` and `DELETE /growth/automations/{resource}/{id}` serve: adding one is one entry. */
export const dashboardResources = {
  workflows: resource({
    patch: PatchWorkflowBody,
    json: WorkflowJson,
    notFound: WorkflowNotFound,
    update: (author, id, patch) =>
      Effect.flatMap(WorkflowService, (workflows) => Effect.map(workflows.update(author, id, patch), workflowJson)),
    remove: ({ tenantId }, id) =>
      Effect.flatMap(WorkflowService, (workflows) => Effect.map(workflows.remove(tenantId, id), workflowJson))
  }),
  sequences: resource({
    patch: PatchSequenceBody,
    json: SequenceJson,
    notFound: SequenceNotFound,
    update: (author, id, patch) =>
      Effect.flatMap(SequenceService, (sequences) => Effect.map(sequences.update(author, id, patch), sequenceJson)),
    remove: ({ tenantId }, id) =>
      Effect.flatMap(SequenceService, (sequences) => Effect.map(sequences.remove(tenantId, id), sequenceJson))
  }),
  agents: resource({
    patch: AgentPatchBody,
    json: AgentJson,
    notFound: AgentNotFound,
    update: ({ tenantId }, id, patch) =>
      Effect.flatMap(AgentService, (agents) => Effect.map(agents.update(tenantId, id, agentInput(patch)), agentJson)),
    remove: ({ tenantId }, id) =>
      Effect.flatMap(AgentService, (agents) => Effect.map(agents.remove(tenantId, id), agentJson))
  }),
  // A node's DELETE revokes it, as `DELETE /v1/automations/nodes/{id}` does: it stays listed.
  nodes: resource({
    patch: UpdateNodeBody,
    json: NodeJson,
    notFound: NodeNotFound,
    update: ({ tenantId }, id, patch) =>
      Effect.flatMap(NodeService, (nodes) => Effect.map(nodes.update(tenantId, id, patch), nodeJson)),
    remove: ({ tenantId }, id) => Effect.map(revokeNode(tenantId, id), nodeJson)
  })
}

type Resources = typeof dashboardResources
type Entry = Resources[keyof Resources]

/** The services the entries call. */
export type ResourceServices = Effect.Effect.Context<ReturnType<Entry["update"] | Entry["remove"]>>

export const resourceNames = Object.keys(dashboardResources) as ReadonlyArray<keyof Resources>
const entries: ReadonlyArray<Entry> = Object.values(dashboardResources)

/** Any resource's answer. */
export const ResourceJson = Schema.Union(...entries.map((entry) => entry.json))

/** Any resource's 404 for an id the account does not have. */
export const ResourceIdNotFound = Schema.Union(...entries.map((entry) => entry.notFound))

type Json = typeof ResourceJson.Type
type IdNotFound = typeof ResourceIdNotFound.Type

/** An entry as the routes call it, whichever resource it is. */
export interface ResourceEntry {
  readonly update: (
    author: Author,
    id: string,
    body: unknown
  ) => Effect.Effect<Json, IdNotFound | ValidationFailed | PermissionDenied, ResourceServices>
  readonly remove: (author: Author, id: string) => Effect.Effect<Json, IdNotFound, ResourceServices>
}

export class ResourceNotFound extends Schema.TaggedError<ResourceNotFound>()(
  "ResourceNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => `No such resource: ${resourceNames.join(", ")}.` }) },
  HttpApiSchema.annotations({
    status: 404,
    description: `The path names no resource this route changes (\`resource_not_found\`): ${resourceNames.join(", ")}.`
  })
) {}

/** The table's entry for a path's `resource`; only the table's own names, never an inherited property. */
export const resourceNamed = (name: string): Effect.Effect<ResourceEntry, ResourceNotFound> =>
  Object.hasOwn(dashboardResources, name)
    ? Effect.succeed(dashboardResources[name as keyof Resources])
    : Effect.fail(new ResourceNotFound())
