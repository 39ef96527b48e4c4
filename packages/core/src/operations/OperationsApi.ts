import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { ErrorDetail } from "../platform/Errors.js"
import { NotReady } from "../platform/Health.js"

export class OperationsApi extends HttpApiGroup.make("operations")
  .add(
    HttpApiEndpoint.get("healthz", "/healthz")
      .addSuccess(Schema.Struct({ status: Schema.Literal("ok") }))
      .annotate(OpenApi.Summary, "Liveness probe")
      .annotate(OpenApi.Description, "Liveness: the process is up and serving. Never touches a dependency.")
  )
  .add(
    HttpApiEndpoint.get("readyz", "/readyz")
      .addSuccess(
        Schema.Struct({
          status: Schema.Literal("ready"),
          checks: Schema.Record({ key: Schema.String, value: Schema.Literal("ok") }),
          warnings: Schema.optional(Schema.Array(ErrorDetail)).annotations({
            description:
              "Present while something needs an operator without making this process unready: `workers` when jobs have been due for SERVICEKIT_WORKER_STALL_SECONDS (30) and no worker has taken any."
          })
        })
      )
      .addError(NotReady)
      .annotate(OpenApi.Summary, "Readiness probe")
      .annotate(
        OpenApi.Description,
        "Readiness: the database answers with every migration applied, and Redis answers when configured. 503 names the dependency that does not."
      )
  )
  .annotate(OpenApi.Title, "Operations")
  .annotate(OpenApi.Description, "Health probes for load balancers and orchestrators. No credentials.") {}
