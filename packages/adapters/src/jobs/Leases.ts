import { Duration, Effect, Fiber, type Scope } from "effect"

/**
 * Interrupts job handlers that outlive their lease. One timer serves every running job: a timeout
 * per job (a timer and a racing fiber each) halved a worker's throughput.
 */
export const makeLeases = (): Effect.Effect<
  { readonly hold: (fiber: Fiber.RuntimeFiber<unknown, unknown>, lease: Duration.Duration) => void },
  never,
  Scope.Scope
> =>
  Effect.gen(function* () {
    const deadlines = new Map<Fiber.RuntimeFiber<unknown, unknown>, number>()
    const sweep = Effect.sync(() => {
      const now = Date.now()
      for (const [fiber, deadline] of deadlines) {
        if (deadline <= now) {
          deadlines.delete(fiber)
          fiber.unsafeInterruptAsFork(fiber.id())
        }
      }
    })
    yield* Effect.forkScoped(Effect.forever(Effect.zipRight(Effect.sleep("200 millis"), sweep)))
    return {
      hold: (fiber, lease) => {
        deadlines.set(fiber, Date.now() + Duration.toMillis(lease))
        fiber.addObserver(() => deadlines.delete(fiber))
      }
    }
  })
