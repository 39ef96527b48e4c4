import { Context, type Duration, Effect, Layer, Option } from "effect"
import { DEFAULT_WEIGHT, MAX_WEIGHT, TenantRepository, readTenantsFresh } from "../platform/Tenants.js"

/**
 * Tenants take turns at background work. Every job belongs to a tenant (the platform's own jobs
 * to the platform's turn, `PLATFORM_TURN`); workers take the jobs of a queue tenant by tenant,
 * each tenant's share of a round in proportion to its weight, so a tenant with one job waits for
 * about one round, never for another tenant's backlog. A tenant alone has every turn.
 */

/** The turn of jobs no tenant owns (the event dispatcher's, for instance). */
export const PLATFORM_TURN = ""

/**
 * The weight of a tenant whose jobs are held (a suspended tenant): they wait where they are, never
 * taken, until the tenant has a weight again; they take no turn and no slot from the others.
 */
export const HELD = 0

/**
 * Each tenant's weight in the turns (1 to MAX_WEIGHT): a platform gives a larger plan a larger
 * share. Optional: without it every tenant weighs DEFAULT_WEIGHT. The kits read the tenants'
 * own weights (`layerFromTenants`, set through the platform admin's routes).
 */
export class TenantWeights extends Context.Tag("@servicekit/core/TenantWeights")<
  TenantWeights,
  {
    /** The weights of those tenants that have one set; the others weigh DEFAULT_WEIGHT. */
    readonly weightsOf: (tenants: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>>
  }
>() {
  /**
   * The weights stored on the tenants, each read at most once a `fresh` while (default 5 s): a
   * changed weight counts within that time, and the rounds cost no read for every tenant. A
   * suspended tenant's weight is HELD.
   */
  static readonly layerFromTenants = (
    fresh: Duration.DurationInput = "5 seconds"
  ): Layer.Layer<TenantWeights, never, TenantRepository> =>
    Layer.effect(
      TenantWeights,
      Effect.map(
        readTenantsFresh((tenant) => (tenant?.suspension != null ? HELD : (tenant?.weight ?? DEFAULT_WEIGHT)), fresh),
        (weightsOf) => ({ weightsOf })
      )
    )

  /** Fixed weights, for tests and embedders that keep them in code. */
  static readonly layerFixed = (weights: Readonly<Record<string, number>>): Layer.Layer<TenantWeights> =>
    Layer.succeed(TenantWeights, {
      weightsOf: (tenants) =>
        Effect.succeed(new Map(tenants.flatMap((tenant) => (tenant in weights ? [[tenant, weights[tenant]!]] : []))))
    })
}

/** A weight as the turns use it: HELD, or a whole number from 1 to MAX_WEIGHT. */
const clampWeight = (weight: number | undefined): number =>
  weight === HELD
    ? HELD
    : weight === undefined || !Number.isFinite(weight)
      ? DEFAULT_WEIGHT
      : Math.min(MAX_WEIGHT, Math.max(1, Math.floor(weight)))

/** The weights' reader of the context, or everyone at DEFAULT_WEIGHT. */
export const weightReader = Effect.map(
  Effect.serviceOption(TenantWeights),
  Option.match({
    onNone: () => (tenants: ReadonlyArray<string>) => Effect.succeed(new Map(tenants.map((t) => [t, DEFAULT_WEIGHT]))),
    onSome:
      (weights) =>
      (tenants: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, number>> =>
        Effect.map(
          weights.weightsOf(tenants),
          (set) => new Map(tenants.map((tenant) => [tenant, clampWeight(set.get(tenant))]))
        )
  })
)

/**
 * Start-time fair queuing over tenants: a tenant's jobs are tagged from where its last job's tag
 * ended, 1 / weight a job, and the smallest tags go first. A tenant of weight 3 thus takes three
 * jobs for each of a weight-1 tenant's. A tenant whose jobs ran out is idle; when it has jobs
 * again it starts at the later of its last tag and the clock's virtual time (the start of the
 * latest job taken): it gains no credit for having been idle, so its one job goes within the
 * next round, and its backlog shares the turns from then on.
 */
export const makeTurnClock = () => {
  const tags = new Map<string, { tag: number; active: boolean }>()
  let virtualTime = 0
  /** Where the tenant's next job's tag starts; a tenant becoming busy starts no earlier than the clock. */
  const startOf = (tenant: string) => {
    const found = tags.get(tenant)
    if (found === undefined) return virtualTime
    return found.active ? found.tag : Math.max(found.tag, virtualTime)
  }
  return {
    /**
     * How many of `room` jobs each tenant takes by their tags, were each to have jobs enough, and
     * none more than its `allowances` (see slotAllowances) when given; ties go in the order given
     * (the ring's).
     */
    plan: (
      tenants: ReadonlyArray<{ readonly tenant: string; readonly weight: number }>,
      room: number,
      allowances?: ReadonlyMap<string, number>
    ) => {
      // A tenant found with jobs is busy from now on: its start holds until its jobs run out. A
      // held tenant takes no turn and keeps its place.
      const taking = tenants.filter(({ weight }) => weight !== HELD)
      for (const { tenant } of taking) {
        if (tags.get(tenant)?.active !== true) tags.set(tenant, { tag: startOf(tenant), active: true })
      }
      const next = taking
        .map(({ tenant, weight }) => ({
          tenant,
          step: 1 / weight,
          tag: startOf(tenant) + 1 / weight,
          left: allowances?.get(tenant) ?? Number.POSITIVE_INFINITY
        }))
        .filter(({ left }) => left > 0)
      const counts = new Map<string, number>()
      for (let taken = 0; taken < room && next.length > 0; taken++) {
        let best = next[0]!
        for (const candidate of next) if (candidate.tag < best.tag) best = candidate
        counts.set(best.tenant, (counts.get(best.tenant) ?? 0) + 1)
        best.tag += best.step
        if (--best.left <= 0) next.splice(next.indexOf(best), 1)
      }
      return counts
    },
    /** Notes the jobs a round took: `count` of the tenant's, each a 1 / weight step of its tag. */
    took: (tenant: string, count: number, weight: number) => {
      if (count <= 0) return
      const tag = startOf(tenant) + count / weight
      tags.set(tenant, { tag, active: true })
      // The clock stands at the start of the latest job taken.
      virtualTime = Math.max(virtualTime, tag - 1 / weight)
    },
    /** Notes that the tenant has no job waiting: its next one starts no earlier than the clock. */
    idle: (tenant: string) => {
      const found = tags.get(tenant)
      if (found === undefined) return
      // Forgotten once the clock has passed its tag: it would start at the clock's time anyway.
      if (found.tag <= virtualTime) tags.delete(tenant)
      else found.active = false
    },
    /** Tenants the clock knows, busy or not; fewer once idle ones are passed (see `idle`). */
    known: () => [...tags.keys()]
  }
}

export type TurnClock = ReturnType<typeof makeTurnClock>

/**
 * Jobs a worker keeps waiting besides its slots, so that its slots never idle between rounds (a
 * releaser's buffer in Redis): `queued` of them wait now, by tenant, and `spare` may.
 */
export interface SlotBuffer {
  readonly spare: number
  readonly queued: ReadonlyMap<string, number>
  /** How many of the tenant's jobs `slots` slots end before the next rounds: its part of the buffer at most. */
  readonly endsSoon: (tenant: string, slots: number) => number
}

/**
 * How many more of a worker's `slots` each waiting tenant may take: its weighted part of the slots
 * among the tenants waiting, less the slots it holds. Turns share the starts; this shares the
 * slots, so that a tenant whose jobs are slow cannot fill a worker while others wait (its jobs
 * would hold the slots the turns gave the others). A tenant waiting alone may take every slot.
 *
 * With a `buffer`, the jobs waiting in it count as held, and each tenant may keep waiting its
 * weighted part of the spare room, but no more than its part of the slots ends before the next
 * rounds: a tenant whose jobs are slow keeps none waiting (it would take the next free slots),
 * while quick ones keep their slots busy. A tenant waiting alone may fill the buffer. A HELD
 * tenant may take none and counts for nothing.
 */
export const slotAllowances = (
  waiting: ReadonlyArray<{ readonly tenant: string; readonly weight: number }>,
  holding: ReadonlyMap<string, number>,
  slots: number,
  buffer?: SlotBuffer
): Map<string, number> => {
  const total = waiting.reduce((sum, { weight }) => sum + weight, 0)
  const alone = waiting.filter(({ weight }) => weight !== HELD).length === 1
  return new Map(
    waiting.map(({ tenant, weight }) => {
      if (weight === HELD) return [tenant, 0]
      const part = Math.ceil((slots * weight) / total)
      const spare =
        buffer === undefined
          ? 0
          : alone
            ? buffer.spare
            : Math.min(Math.ceil((buffer.spare * weight) / total), buffer.endsSoon(tenant, part))
      const held = (holding.get(tenant) ?? 0) + (buffer?.queued.get(tenant) ?? 0)
      return [tenant, Math.max(0, part + spare - held)]
    })
  )
}

/** The slots a worker's jobs hold, by tenant. */
export const makeSlotHoldings = () => {
  const counts = new Map<string, number>()
  return {
    counts: counts as ReadonlyMap<string, number>,
    took: (tenant: string) => void counts.set(tenant, (counts.get(tenant) ?? 0) + 1),
    ended: (tenant: string) => {
      const left = (counts.get(tenant) ?? 1) - 1
      if (left <= 0) counts.delete(tenant)
      else counts.set(tenant, left)
    }
  }
}

/** One queue's due jobs in memory, taken tenant by tenant on a turn clock. */
export const makeFairLine = <J>() => {
  const waiting = new Map<string, Array<J>>()
  const clock = makeTurnClock()
  return {
    push: (tenant: string, job: J) => {
      const own = waiting.get(tenant)
      if (own === undefined) waiting.set(tenant, [job])
      else own.push(job)
    },
    /**
     * The next job in turn, or undefined when none waits but held tenants' (HELD); with `slots`
     * held as `holding`, of a tenant within its allowance (see slotAllowances).
     */
    take: (
      weightOf: (tenant: string) => number,
      slots?: { readonly holding: ReadonlyMap<string, number>; readonly count: number }
    ): J | undefined => {
      const tenants = [...waiting.keys()].map((tenant) => ({ tenant, weight: weightOf(tenant) }))
      const allowances = slots === undefined ? undefined : slotAllowances(tenants, slots.holding, slots.count)
      // With a slot free some waiting tenant is within its allowance; were none, any not held may take it.
      const planned = clock.plan(tenants, 1, allowances)
      const [chosen] = (planned.size > 0 ? planned : clock.plan(tenants, 1)).keys()
      if (chosen === undefined) return undefined
      const own = waiting.get(chosen)!
      const job = own.shift()!
      clock.took(chosen, 1, weightOf(chosen))
      if (own.length === 0) {
        waiting.delete(chosen)
        clock.idle(chosen)
      }
      return job
    },
    /** The tenants with jobs waiting. */
    tenants: () => [...waiting.keys()]
  }
}
