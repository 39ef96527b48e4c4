/**
 * An agent profile: what an agent step runs as when it names the agent or is routed to it (its
 * instructions, model label, tool profile and skills), and the route keys that send inbound
 * messages and events to it.
 */
export interface Agent {
  readonly id: string
  readonly tenantId: string
  readonly name: string
  readonly instructions: string
  /** The label its turns ask first (the account's labels follow); null: the account's primary. */
  readonly model: string | null
  /** The tool profile its calls follow; null: the account's `default` profile, if any. */
  readonly toolProfile: string | null
  /** The skills it may call. */
  readonly skills: ReadonlyArray<string>
  readonly routeKeys: ReadonlyArray<string>
  /** Whether it takes what no route key matches; one agent of an account at most. */
  readonly isDefault: boolean
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** What a message or event brings to routing. */
export interface RouteTarget {
  readonly channelId?: string | undefined
  readonly peer?: string | undefined
  readonly event?: string | undefined
}

/**
 * Route keys, most specific first: `peer:<externalId>` (one visitor or contact), then
 * `channel:<channelId>` and `event:<type>`, then `*` (anything).
 */
export const ROUTE_KEY = /^(\*|(peer|channel|event):[^\s\u0000]{1,200})$/

const specificity = (key: string, target: RouteTarget): number => {
  if (key === "*") return 1
  const [form, ...rest] = key.split(":")
  const value = rest.join(":")
  if (form === "peer") return target.peer === value ? 3 : 0
  if (form === "channel") return target.channelId === value ? 2 : 0
  if (form === "event") return target.event === value ? 2 : 0
  return 0
}

/**
 * The agent a message or event goes to: the one whose route key matches most specifically (ties
 * to the agent created first), else the account's default agent, else none.
 */
export const routeAgent = (agents: ReadonlyArray<Agent>, target: RouteTarget): Agent | undefined => {
  let best: { readonly agent: Agent; readonly score: number } | undefined
  for (const agent of agents) {
    const score = Math.max(0, ...agent.routeKeys.map((key) => specificity(key, target)))
    if (score === 0) continue
    const earlier =
      best !== undefined &&
      (agent.createdAt.getTime() < best.agent.createdAt.getTime() ||
        (agent.createdAt.getTime() === best.agent.createdAt.getTime() && agent.id < best.agent.id))
    if (best === undefined || score > best.score || (score === best.score && earlier)) best = { agent, score }
  }
  return best?.agent ?? agents.find((agent) => agent.isDefault)
}
