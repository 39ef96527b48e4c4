import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { ApiCaller } from "../../http/Security.js"
import { workflowJson } from "../workflows/AutomationsHandlers.js"
import { type MarketplaceSchemas, marketplaceApi } from "./MarketplaceApi.js"
import { type MarketplacePack, MarketplaceService } from "./MarketplaceService.js"

export const marketplacePackJson = (pack: MarketplacePack) => ({
  ...pack.summary,
  versions: pack.versions,
  source: pack.source,
  digest: pack.digest,
  publishedAt: pack.publishedAt,
  installed:
    pack.installed === null
      ? null
      : {
          version: pack.installed.version,
          digest: pack.installed.digest,
          installedAt: pack.installed.installedAt,
          updatedAt: pack.installed.updatedAt
        }
})

export const marketplaceHandlers = (schemas: MarketplaceSchemas) =>
  implement(
    marketplaceApi(schemas),
    Effect.gen(function* () {
      const marketplace = yield* MarketplaceService
      return {
        listSkillPacks: ({ urlParams }) =>
          Effect.flatMap(ApiCaller, ({ tenantId }) => marketplace.list(tenantId, urlParams)).pipe(
            Effect.map((page) => ({
              data: page.items.map(marketplacePackJson),
              meta: { limit: page.limit, nextCursor: page.nextCursor }
            }))
          ),
        installSkillPack: ({ payload }) =>
          Effect.flatMap(ApiCaller, ({ tenantId }) =>
            marketplace.install(tenantId, payload.packId, payload.version)
          ).pipe(Effect.map(marketplacePackJson)),
        createWorkflowFromPack: ({ path, payload }) =>
          Effect.flatMap(ApiCaller, (caller) => marketplace.createWorkflow(caller, path.packId, payload)).pipe(
            Effect.map(workflowJson)
          ),
        getSkillSdk: () => Effect.succeed(marketplace.sdk),
        publishSkillPack: ({ payload }) =>
          Effect.flatMap(ApiCaller, ({ tenantId }) => marketplace.publish(tenantId, payload)).pipe(
            Effect.map(marketplacePackJson)
          )
      }
    })
  )
