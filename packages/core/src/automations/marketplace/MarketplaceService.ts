import { Clock, Context, Effect, JSONSchema, Layer, Option } from "effect"
import { canonicalJson } from "../../platform/CanonicalJson.js"
import { SecretCrypto } from "../../platform/Crypto.js"
import { type PermissionDenied, ValidationFailed, invalidField } from "../../platform/Errors.js"
import { LanguageModel } from "../../platform/LanguageModel.js"
import { type Product, ProductCatalog } from "../../platform/Products.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import { PackChanged, PackNotFound, PackNotInstalled, PackVersionExists } from "../AutomationsErrors.js"
import { RUN_VARIABLES } from "../steps/Placeholders.js"
import { SkillRegistry } from "../skills/Skills.js"
import type { JsonObject, Workflow } from "../records/Workflow.js"
import { type Author, WorkflowService } from "../workflows/WorkflowService.js"
import { builtInPacks } from "./BuiltInPacks.js"
import {
  BUILT_IN_PREFIX,
  MAX_PACKS,
  MAX_PACK_BYTES,
  MAX_PACK_STEPS,
  MAX_PARAMETERS,
  MAX_TEMPLATES,
  MAX_VERSIONS,
  type PackContent,
  PackFormat,
  type PackInstallation,
  type PackSummary,
  compareVersions
} from "./Pack.js"
import { checkValues, fillWith } from "./PackParameters.js"
import { PackRepository } from "./PackRepository.js"
import { checkPack, publishingRules, summaryOf } from "./PackRules.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100

export type PackSource = "builtin" | "account"

/** A pack as the marketplace lists it: its latest version, and the account's installation of it if any. */
export interface MarketplacePack {
  readonly summary: PackSummary
  readonly source: PackSource
  /** Every version, newest first. */
  readonly versions: ReadonlyArray<string>
  /** The latest version's content digest. */
  readonly digest: string
  /** When the latest version was published; null for the platform's packs. */
  readonly publishedAt: Date | null
  readonly installed: PackInstallation | null
}

export interface MarketplaceQuery {
  readonly limit?: number | undefined
  /** The last pack id of the page before. */
  readonly cursor?: string | undefined
  /** Words in the pack's id, name or description. */
  readonly q?: string | undefined
  /** Packs whose templates call this skill. */
  readonly skill?: string | undefined
  readonly source?: PackSource | undefined
  readonly installed?: boolean | undefined
}

export interface MarketplacePage {
  readonly items: ReadonlyArray<MarketplacePack>
  readonly limit: number
  readonly nextCursor: string | null
}

export interface WorkflowFromPack {
  readonly template?: string | undefined
  readonly name?: string | undefined
  readonly active?: boolean | undefined
  readonly parameters?: JsonObject | undefined
}

/** What a pack may be made of: the skills, the pack format and the variables. */
export interface PackSdk {
  readonly skills: ReadonlyArray<{
    readonly id: string
    readonly description: string
    readonly requires: ReadonlyArray<Product>
    readonly approval: boolean
    readonly inputSchema: unknown
  }>
  readonly packFormat: unknown
  readonly variables: ReadonlyArray<string>
  readonly limits: Readonly<Record<string, number>>
}

/** One version of a pack with its content, wherever it comes from. */
interface ResolvedVersion {
  readonly content: PackContent
  readonly summary: PackSummary
  readonly digest: string
  readonly source: PackSource
  readonly publishedAt: Date | null
}

/**
 * The skill marketplace: the platform's packs and those an account publishes (declarative,
 * checked as they are published, immutable per version), installations pinned to a version's
 * content digest, and ordinary workflows made from installed packs, checked as any other
 * (entitlements, tool profiles and approvals included).
 */
export class MarketplaceService extends Context.Tag("@servicekit/core/MarketplaceService")<
  MarketplaceService,
  {
    readonly list: (tenantId: string, query: MarketplaceQuery) => Effect.Effect<MarketplacePage>
    readonly install: (
      tenantId: string,
      packId: string,
      version: string | undefined
    ) => Effect.Effect<MarketplacePack, PackNotFound>
    readonly createWorkflow: (
      author: Author,
      packId: string,
      input: WorkflowFromPack
    ) => Effect.Effect<Workflow, ValidationFailed | PermissionDenied | PackNotFound | PackNotInstalled | PackChanged>
    readonly sdk: PackSdk
    readonly publish: (
      tenantId: string,
      input: unknown
    ) => Effect.Effect<MarketplacePack, ValidationFailed | PackVersionExists>
  }
>() {
  static readonly layer = Layer.effect(
    MarketplaceService,
    Effect.gen(function* () {
      const packs = yield* PackRepository
      const workflows = yield* WorkflowService
      const crypto = yield* SecretCrypto
      const skills = yield* SkillRegistry
      const { catalog } = yield* LanguageModel
      const { outboundAllowPrivate } = yield* ServiceKitSettings
      const { products } = yield* ProductCatalog
      const rules = publishingRules(products, { skills, modelConfigured: catalog.configured, outboundAllowPrivate })
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const digestOf = (content: PackContent) => crypto.sha256Hex(canonicalJson(content))

      // The platform's packs, by id, newest version first.
      const builtIns = new Map<string, Array<ResolvedVersion>>()
      for (const content of builtInPacks) {
        const version: ResolvedVersion = {
          content,
          summary: summaryOf(content, skills),
          digest: yield* digestOf(content),
          source: "builtin",
          publishedAt: null
        }
        builtIns.set(content.packId, [...(builtIns.get(content.packId) ?? []), version])
      }
      for (const versions of builtIns.values()) {
        versions.sort((a, b) => compareVersions(b.content.version, a.content.version))
      }

      /** The account's packs as listed, with their installations. */
      const accountPacks = (tenantId: string) =>
        Effect.map(packs.versions(tenantId), (versions) => {
          const byPack = new Map<string, Array<(typeof versions)[number]>>()
          for (const version of versions) byPack.set(version.packId, [...(byPack.get(version.packId) ?? []), version])
          return [...byPack.values()].map((all) => {
            const sorted = [...all].sort((a, b) => compareVersions(b.version, a.version))
            const latest = sorted[0]!
            return {
              summary: latest.summary,
              source: "account" as const,
              versions: sorted.map((version) => version.version),
              digest: latest.digest,
              publishedAt: latest.createdAt
            }
          })
        })

      const listed = (tenantId: string) =>
        Effect.gen(function* () {
          const installations = new Map(
            (yield* packs.installations(tenantId)).map((installation) => [installation.packId, installation])
          )
          const platform = [...builtIns.values()].map((versions) => ({
            summary: versions[0]!.summary,
            source: "builtin" as const,
            versions: versions.map((version) => version.content.version),
            digest: versions[0]!.digest,
            publishedAt: null
          }))
          return [...platform, ...(yield* accountPacks(tenantId))]
            .map((pack): MarketplacePack => ({ ...pack, installed: installations.get(pack.summary.packId) ?? null }))
            .sort((a, b) => (a.summary.packId < b.summary.packId ? -1 : 1))
        })

      /** A version of a pack (the latest when none is named). */
      const resolve = (tenantId: string, packId: string, version: string | undefined) =>
        Effect.gen(function* () {
          if (packId.startsWith(BUILT_IN_PREFIX)) {
            const versions = builtIns.get(packId) ?? []
            const found = version === undefined ? versions[0] : versions.find((v) => v.content.version === version)
            if (found === undefined) return yield* new PackNotFound()
            return found
          }
          const all = (yield* packs.versions(tenantId)).filter((v) => v.packId === packId)
          const chosen = version ?? [...all].sort((a, b) => compareVersions(b.version, a.version))[0]?.version
          const found = chosen === undefined ? Option.none() : yield* packs.findVersion(tenantId, packId, chosen)
          if (Option.isNone(found)) return yield* new PackNotFound()
          const stored = found.value
          return {
            content: stored.content,
            summary: stored.summary,
            digest: stored.digest,
            source: "account" as const,
            publishedAt: stored.createdAt
          } satisfies ResolvedVersion
        })

      const listedOne = (tenantId: string, packId: string) =>
        Effect.map(listed(tenantId), (all) => all.find((pack) => pack.summary.packId === packId)!)

      const matches = (pack: MarketplacePack, query: MarketplaceQuery) => {
        if (query.source !== undefined && pack.source !== query.source) return false
        if (query.installed !== undefined && (pack.installed !== null) !== query.installed) return false
        if (query.skill !== undefined && !pack.summary.skills.includes(query.skill)) return false
        if (query.q !== undefined) {
          const text = `${pack.summary.packId} ${pack.summary.name} ${pack.summary.description ?? ""}`.toLowerCase()
          return query.q
            .toLowerCase()
            .split(/\s+/)
            .filter((word) => word.length > 0)
            .every((word) => text.includes(word))
        }
        return true
      }

      return {
        list: (tenantId, query) =>
          Effect.map(listed(tenantId), (all) => {
            const limit = query.limit ?? DEFAULT_PAGE_SIZE
            const after = query.cursor
            const chosen = all.filter(
              (pack) => (after === undefined || pack.summary.packId > after) && matches(pack, query)
            )
            const items = chosen.slice(0, limit)
            return {
              items,
              limit,
              nextCursor: chosen.length > limit ? items[items.length - 1]!.summary.packId : null
            }
          }),
        install: (tenantId, packId, version) =>
          Effect.gen(function* () {
            const resolved = yield* resolve(tenantId, packId, version)
            const current = yield* packs.findInstallation(tenantId, packId)
            const pinned = Option.getOrUndefined(current)
            const same = pinned?.version === resolved.content.version && pinned.digest === resolved.digest
            if (!same) {
              const at = yield* now
              yield* packs.saveInstallation({
                tenantId,
                packId,
                version: resolved.content.version,
                digest: resolved.digest,
                installedAt: pinned?.installedAt ?? at,
                updatedAt: at
              })
            }
            return yield* listedOne(tenantId, packId)
          }),
        createWorkflow: (author, packId, input) =>
          Effect.gen(function* () {
            const installation = yield* packs.findInstallation(author.tenantId, packId)
            if (Option.isNone(installation)) {
              yield* resolve(author.tenantId, packId, undefined)
              return yield* new PackNotInstalled()
            }
            const pinned = installation.value
            const resolved = yield* resolve(author.tenantId, packId, pinned.version)
            if (resolved.digest !== pinned.digest) return yield* new PackChanged()
            const templates = resolved.content.templates
            const key = input.template ?? (templates.length === 1 ? templates[0]!.key : undefined)
            const template = templates.find((candidate) => candidate.key === key)
            if (template === undefined) {
              return yield* invalidField(
                "template",
                `must name one of the pack's templates: ${templates.map((t) => t.key).join(", ")}`
              )
            }
            const parameters = resolved.content.parameters ?? {}
            const values = input.parameters ?? {}
            const problems = checkValues(parameters, values)
            if (problems.length > 0) {
              return yield* new ValidationFailed({
                message: `Invalid ${problems[0]!.field}: ${problems[0]!.reason}`,
                details: problems
              })
            }
            const fill = fillWith(parameters, values)
            return yield* workflows.create(author, {
              name: input.name ?? template.name,
              active: input.active ?? true,
              triggerJson: fill(template.triggerJson),
              stepsJson: fill(template.stepsJson)
            })
          }),
        sdk: {
          skills: skills.all
            .filter((skill) => skills.runner(skill.id) !== undefined && (!skill.usesModel || catalog.configured))
            .map((skill) => ({
              id: skill.id,
              description: skill.description,
              requires: skill.requires.filter((product) => product !== "automations"),
              approval: skill.approval,
              inputSchema: skill.inputSchema ?? null
            })),
          packFormat: JSONSchema.make(PackFormat),
          variables: ["{{params.<name>}}", ...RUN_VARIABLES],
          limits: {
            maxPackBytes: MAX_PACK_BYTES,
            maxTemplates: MAX_TEMPLATES,
            maxStepsPerTemplate: MAX_PACK_STEPS,
            maxParameters: MAX_PARAMETERS,
            maxPacks: MAX_PACKS,
            maxVersionsPerPack: MAX_VERSIONS
          }
        },
        publish: (tenantId, input) =>
          Effect.gen(function* () {
            const content = yield* checkPack(input, rules)
            if (content.packId.startsWith(BUILT_IN_PREFIX)) {
              return yield* invalidField(
                "packId",
                `must not start with ${BUILT_IN_PREFIX}, kept for the platform's packs`
              )
            }
            const versions = yield* packs.versions(tenantId)
            const ids = new Set(versions.map((version) => version.packId))
            const own = versions.filter((version) => version.packId === content.packId)
            const republished = own.some((version) => version.version === content.version)
            if (!ids.has(content.packId) && ids.size >= MAX_PACKS) {
              return yield* invalidField("packId", `the account has ${MAX_PACKS} packs, the most it may publish`)
            }
            if (!republished && own.length >= MAX_VERSIONS) {
              return yield* invalidField("version", `the pack has ${MAX_VERSIONS} versions, the most it may have`)
            }
            const digest = yield* digestOf(content)
            const inserted = yield* packs.insertVersion({
              tenantId,
              packId: content.packId,
              version: content.version,
              digest,
              summary: summaryOf(content, skills),
              content,
              createdAt: yield* now
            })
            if (!inserted) {
              const stored = yield* packs.findVersion(tenantId, content.packId, content.version)
              if (Option.isSome(stored) && stored.value.digest !== digest) return yield* new PackVersionExists()
            }
            return yield* listedOne(tenantId, content.packId)
          })
      }
    })
  )
}
