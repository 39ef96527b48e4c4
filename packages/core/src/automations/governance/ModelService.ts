import { Clock, Context, Effect, Layer, Option } from "effect"
import { type ValidationFailed, invalidField } from "../../platform/Errors.js"
import { LanguageModel, MODEL_LABEL, type ToolProtocol } from "../../platform/LanguageModel.js"
import type { ModelChoice } from "./Governance.js"
import { ModelChoiceRepository } from "./GovernanceRepositories.js"

/** At most this many failover labels after the primary. */
export const MAX_FAILOVER = 5

/** Why AI steps and model choices are refused on a platform without a language model. */
export const NO_MODEL_CONFIGURED =
  "no language model is configured on this platform (the operator sets SERVICEKIT_LLM_BASE_URL or SERVICEKIT_LLM_MODELS)"

export interface ModelChoiceInput {
  readonly primary: string
  readonly failover?: ReadonlyArray<string> | undefined
}

/** The tenant's choice, or the platform's default (`updatedAt` null) before it chose; `primary` null without a model. */
export interface ModelChoiceView {
  readonly primary: string | null
  readonly failover: ReadonlyArray<string>
  readonly updatedAt: Date | null
  /** How each of those labels has agent steps call tools, as the operator configured it. */
  readonly toolCalls: Readonly<Record<string, ToolProtocol>>
}

/**
 * Which model labels a tenant's AI steps ask (`/automations/models`), checked against what the
 * operator configured.
 */
export class ModelService extends Context.Tag("@servicekit/core/ModelService")<
  ModelService,
  {
    readonly get: (tenantId: string) => Effect.Effect<ModelChoiceView>
    readonly put: (tenantId: string, input: ModelChoiceInput) => Effect.Effect<ModelChoiceView, ValidationFailed>
    /** The labels the tenant's model calls try, in order (ModelRouter.complete takes them). */
    readonly labels: (tenantId: string) => Effect.Effect<ReadonlyArray<string>>
    /** Why `label` is not one this platform configures (`field` named), or undefined. */
    readonly checkLabel: (field: string, label: string) => ValidationFailed | undefined
  }
>() {
  static readonly layer = Layer.effect(
    ModelService,
    Effect.gen(function* () {
      const { catalog } = yield* LanguageModel
      const choices = yield* ModelChoiceRepository

      const view = (choice: Omit<ModelChoiceView, "toolCalls">): ModelChoiceView => ({
        primary: choice.primary,
        failover: choice.failover,
        updatedAt: choice.updatedAt,
        toolCalls: Object.fromEntries(
          [...(choice.primary === null ? [] : [choice.primary]), ...choice.failover].map((label) => [
            label,
            catalog.toolProtocol(label)
          ])
        )
      })
      const platformDefault = view({ primary: catalog.defaultLabel ?? null, failover: [], updatedAt: null })
      const get = (tenantId: string) =>
        Effect.map(choices.find(tenantId), Option.match({ onNone: () => platformDefault, onSome: view }))

      /** A label the operator configured (any well-formed one when a single provider takes any model name). */
      const checkLabel = (field: string, label: string) => {
        if (!MODEL_LABEL.test(label)) {
          return invalidField(field, "must be a model label: letters, digits and . _ : / @ + - (at most 200)")
        }
        if (catalog.labels !== undefined && !catalog.labels.includes(label)) {
          return invalidField(
            field,
            `is not a model label this platform configures: ${label} (configured: ${catalog.labels.join(", ")})`
          )
        }
        return undefined
      }

      return {
        get,
        checkLabel: (field, label) =>
          catalog.configured ? checkLabel(field, label) : invalidField(field, NO_MODEL_CONFIGURED),
        put: (tenantId, input) =>
          Effect.gen(function* () {
            if (!catalog.configured) return yield* invalidField("primary", NO_MODEL_CONFIGURED)
            const failover = input.failover ?? []
            if (failover.length > MAX_FAILOVER) {
              return yield* invalidField("failover", `must list at most ${MAX_FAILOVER} labels`)
            }
            const problem =
              checkLabel("primary", input.primary) ??
              failover.reduce<ValidationFailed | undefined>(
                (found, label, index) =>
                  found ??
                  checkLabel(`failover.${index}`, label) ??
                  (label === input.primary || failover.indexOf(label) !== index
                    ? invalidField(`failover.${index}`, `repeats ${label}`)
                    : undefined),
                undefined
              )
            if (problem !== undefined) return yield* problem
            const choice: ModelChoice = {
              tenantId,
              primary: input.primary,
              failover,
              updatedAt: new Date(yield* Clock.currentTimeMillis)
            }
            yield* choices.save(choice)
            return view(choice)
          }),
        labels: (tenantId) =>
          Effect.map(get(tenantId), (choice) => [
            ...(choice.primary === null ? [] : [choice.primary]),
            ...choice.failover
          ])
      }
    })
  )
}
