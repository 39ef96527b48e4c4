import { Context, Either } from "effect"
import type { MessageChannel, Skill, SkillDefinition } from "../../module/Skill.js"
import { hasPlaceholder } from "../../module/SkillInputs.js"
import type { SkillRunner } from "../../module/SkillRunner.js"
import { checkOutboundUrl } from "../../platform/OutboundHttp.js"
import type { JsonObject } from "../records/Workflow.js"

export type { MessageChannel, Skill, SkillDefinition }

/**
 * Why the outbound client would refuse a skill input's partner URL (the field a skill names as
 * `partnerUrlField`, e.g. `webhook.deliver`'s `url`), as it would when sending: https only and
 * public addresses only, unless private targets are allowed (SERVICEKIT_OUTBOUND_ALLOW_PRIVATE). A
 * URL with a placeholder is checked when it is sent.
 */
export const outboundUrlProblem = (
  skill: Pick<SkillDefinition, "partnerUrlField">,
  input: JsonObject,
  allowPrivate: boolean
): { readonly field: string; readonly reason: string } | undefined => {
  const field = skill.partnerUrlField
  const url = field === undefined ? undefined : input[field]
  if (field === undefined || typeof url !== "string" || hasPlaceholder(url)) return undefined
  const reason = unreachable(url, allowPrivate)
  return reason === undefined ? undefined : { field, reason }
}

/** Why the outbound client would refuse `url`, as a field's reason; undefined when it may be reached. */
export const unreachable = (url: string, allowPrivate: boolean): string | undefined =>
  Either.match(checkOutboundUrl(url, allowPrivate), {
    onLeft: (refused) => `cannot be reached from this platform: ${refused.message}`,
    onRight: () => undefined
  })

/**
 * The skills this platform knows, each with its implementation when one is installed: those the
 * modules contribute and the embedder's own. Composed at the root (ServiceKit), so the engine
 * names no product's skill.
 */
export class SkillRegistry extends Context.Tag("@servicekit/core/SkillRegistry")<
  SkillRegistry,
  {
    readonly find: (id: string) => SkillDefinition | undefined
    /**
     * The skill's implementation; none when the platform has not installed one. It runs with the
     * services of the kit whose registry this is (see `make`).
     */
    readonly runner: (id: string) => SkillRunner<never> | undefined
    readonly all: ReadonlyArray<SkillDefinition>
    /** The skills whose succeeded calls are messages a run sent, with the channel each went out on. */
    readonly messageChannels: ReadonlyMap<string, MessageChannel>
  }
>() {
  /**
   * A registry of `definitions` (the modules' skills and the embedder's), run by `runners` and by
   * the definitions that carry their own `run`; a later definition of an id replaces an earlier one.
   * The runs' requirements `R` are those of the kit that provides the registry: the root checks
   * that it provides every module's (ServiceKit's requirementsMet), so the runners need no more.
   */
  static readonly make = <R>(
    definitions: ReadonlyArray<SkillDefinition | Skill<R>>,
    runners: ReadonlyArray<SkillRunner<R>> = []
  ): SkillRegistry["Type"] => {
    const byId = new Map(definitions.map((definition) => [definition.id, definition]))
    const implementations = new Map<string, SkillRunner<R>>()
    for (const skill of byId.values()) {
      const run = "run" in skill ? skill.run : undefined
      if (run !== undefined) implementations.set(skill.id, { id: skill.id, run })
    }
    for (const runner of runners) implementations.set(runner.id, runner)
    const all = [...byId.values()]
    return {
      find: (id) => byId.get(id),
      runner: (id) => implementations.get(id) as SkillRunner<never> | undefined,
      all,
      messageChannels: new Map(
        all.flatMap((skill) => (skill.messageChannel === undefined ? [] : [[skill.id, skill.messageChannel] as const]))
      )
    }
  }
}
