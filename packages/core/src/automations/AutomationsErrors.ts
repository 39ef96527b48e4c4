import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class WorkflowNotFound extends Schema.TaggedError<WorkflowNotFound>()(
  "WorkflowNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such workflow." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No workflow with this id in this account (`workflow_not_found`)."
  })
) {}

export class FlowNotFound extends Schema.TaggedError<FlowNotFound>()(
  "FlowNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such flow." }) },
  HttpApiSchema.annotations({ status: 404, description: "No flow with this id in this account (`flow_not_found`)." })
) {}

export class WorkflowInactive extends Schema.TaggedError<WorkflowInactive>()(
  "WorkflowInactive",
  { message: Schema.String },
  HttpApiSchema.annotations({
    status: 400,
    description: "The workflow is not active, or has no steps, so it cannot run (`workflow_inactive`)."
  })
) {}

export class RunNotFound extends Schema.TaggedError<RunNotFound>()(
  "RunNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such run." }) },
  HttpApiSchema.annotations({ status: 404, description: "No run with this id in this account (`run_not_found`)." })
) {}

export class RunStateConflict extends Schema.TaggedError<RunStateConflict>()(
  "RunStateConflict",
  {
    code: Schema.optionalWith(Schema.Literal("invalid_run_transition"), {
      default: () => "invalid_run_transition" as const
    }),
    message: Schema.String
  },
  HttpApiSchema.annotations({
    status: 409,
    description: "The run's status does not allow this (`invalid_run_transition`): see the run state machine."
  })
) {}

export class ApprovalNotFound extends Schema.TaggedError<ApprovalNotFound>()(
  "ApprovalNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such approval." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No approval with this id in this account (`approval_not_found`)."
  })
) {}

export class ApprovalStateConflict extends Schema.TaggedError<ApprovalStateConflict>()(
  "ApprovalStateConflict",
  { code: Schema.Literal("approval_decided", "approval_expired"), message: Schema.String },
  HttpApiSchema.annotations({
    status: 409,
    description: "`approval_decided`: it was decided already; `approval_expired`: its time ran out (the run failed)."
  })
) {}

export class SessionNotFound extends Schema.TaggedError<SessionNotFound>()(
  "SessionNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such session." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No session with this id in this account (`session_not_found`)."
  })
) {}

export class AgentNotFound extends Schema.TaggedError<AgentNotFound>()(
  "AgentNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such agent." }) },
  HttpApiSchema.annotations({ status: 404, description: "No agent with this id in this account (`agent_not_found`)." })
) {}

export class ChannelNotFound extends Schema.TaggedError<ChannelNotFound>()(
  "ChannelNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such channel." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No channel with this id in this account (`channel_not_found`)."
  })
) {}

export class SequenceNotFound extends Schema.TaggedError<SequenceNotFound>()(
  "SequenceNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such sequence." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No sequence with this id in this account (`sequence_not_found`)."
  })
) {}

export class PackNotFound extends Schema.TaggedError<PackNotFound>()(
  "PackNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such skill pack." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No built-in or account pack with this id, or no such version of it (`pack_not_found`)."
  })
) {}

export class PackNotInstalled extends Schema.TaggedError<PackNotInstalled>()(
  "PackNotInstalled",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "The account has not installed this pack: install it first (POST /automations/skills/install)."
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: "Workflows are made from installed packs only (`pack_not_installed`)."
  })
) {}

export class PackVersionExists extends Schema.TaggedError<PackVersionExists>()(
  "PackVersionExists",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "This version of the pack was published with other content: publish the change as a new version."
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: "A published version is immutable (`pack_version_exists`); the same content again is accepted."
  })
) {}

export class PackChanged extends Schema.TaggedError<PackChanged>()(
  "PackChanged",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "The installed version's content no longer matches the digest it was pinned to: install it again."
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: "The pinned content digest no longer matches the pack's content (`pack_changed`)."
  })
) {}
