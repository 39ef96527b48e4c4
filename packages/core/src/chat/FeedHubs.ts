import { Deferred, Effect, Exit, Runtime, Scope, Stream } from "effect"
import { HEARTBEAT_INTERVAL } from "../http/EventStream.js"
import { FanOut } from "../jobs/FanOut.js"
import { TenantStanding } from "../platform/TenantStanding.js"

/** One process's live follower of a fan-out topic, shared by all its streams in the process. */
export interface Hub<Sink> {
  readonly sinks: Set<Sink>
  /** Ends with the hub's last stream, and with it the subscription and everything forked in it. */
  readonly scope: Scope.CloseableScope
}

/** The signal a hub's handler gets when the fan-out is back from a break: whatever changed meanwhile is in storage. */
export const RECONNECTED = "reconnected"

export interface FeedHubsOptions<Key, Sink> {
  /** The key's identity: streams of equal ids share a hub. */
  readonly id: (key: Key) => string
  /** The tenant whose streams the hub serves: a suspended tenant's hub closes at its next heartbeat. */
  readonly tenantOf: (key: Key) => string
  readonly topic: (key: Key) => string
  /**
   * Runs once the hub follows its topic, before any signal is handled (a read made here cannot
   * miss a change: the change is signalled), and answers the hub's handler of each signal and of
   * RECONNECTED, called one at a time in order.
   */
  readonly setUp: (key: Key, hub: Hub<Sink>) => Effect.Effect<(signal: string) => Effect.Effect<void>>
  /** Sends the heartbeat that keeps a sink's connection from looking idle. */
  readonly beat: (sink: Sink) => void
  /** Logged when the handler fails on a signal; the hub goes on. */
  readonly failure: string
}

/**
 * The hubs of this process, one per key: opened by its first stream, closed with its last (and
 * all of them with the scope). `join` adds a sink once its hub follows its topic; `leave` removes it.
 */
export const makeFeedHubs = <Key, Sink extends { readonly close: () => void }>(options: FeedHubsOptions<Key, Sink>) =>
  Effect.gen(function* () {
    const fanOut = yield* FanOut
    const standing = yield* TenantStanding
    const runtime = yield* Effect.runtime<never>()
    const hubs = new Map<string, Hub<Sink> & { readonly ready: Deferred.Deferred<void> }>()
    const close = (id: string, hub: Hub<Sink>) => {
      if (hubs.get(id) === hub) hubs.delete(id)
      for (const sink of hub.sinks) sink.close()
      hub.sinks.clear()
      return Scope.close(hub.scope, Exit.void)
    }
    yield* Effect.addFinalizer(() => Effect.forEach([...hubs], ([id, hub]) => close(id, hub), { discard: true }))

    const open = (key: Key, id: string, hub: Hub<Sink> & { readonly ready: Deferred.Deferred<void> }) =>
      Effect.gen(function* () {
        const signals = yield* Scope.extend(fanOut.subscribe(options.topic(key)), hub.scope)
        const reconnects = yield* Scope.extend(fanOut.reconnects, hub.scope)
        const handle = yield* options.setUp(key, hub)
        // One at a time, so that reads after a reconnect and after a signal never overlap.
        const follow = Stream.runForEach(Stream.merge(signals, Stream.as(reconnects, RECONNECTED)), (signal) =>
          Effect.catchAllCause(handle(signal), (cause) => Effect.logWarning(options.failure, cause))
        )
        // Forked interruptible (this setup is not), so that closing the hub's scope stops them.
        yield* Effect.forkIn(Effect.interruptible(follow), hub.scope)
        // Its streams end once the tenant is suspended; reconnecting, their clients get the 403. Closed
        // from a fiber of its own: this one is in the scope the close ends.
        const beat = Effect.matchEffect(standing.check(options.tenantOf(key)), {
          onFailure: () => Effect.forkDaemon(close(id, hub)),
          onSuccess: () =>
            Effect.sync(() => {
              for (const sink of hub.sinks) options.beat(sink)
            })
        })
        yield* Effect.forkIn(
          Effect.interruptible(Effect.forever(Effect.zipRight(Effect.sleep(HEARTBEAT_INTERVAL), beat))),
          hub.scope
        )
      }).pipe(
        Effect.onExit((exit) =>
          Exit.isSuccess(exit)
            ? Deferred.done(hub.ready, exit)
            : Effect.zipRight(close(id, hub), Deferred.done(hub.ready, exit))
        ),
        Effect.uninterruptible
      )

    return {
      join: (key: Key, sink: Sink): Effect.Effect<{ readonly leave: () => void }> =>
        Effect.gen(function* () {
          const id = options.id(key)
          let hub = hubs.get(id)
          if (hub === undefined) {
            hub = { ready: yield* Deferred.make<void>(), sinks: new Set(), scope: yield* Scope.make() }
            hubs.set(id, hub)
            yield* Effect.forkDaemon(open(key, id, hub))
          }
          const joined = hub
          joined.sinks.add(sink)
          const leave = () => {
            if (!joined.sinks.delete(sink) || joined.sinks.size > 0) return
            Runtime.runFork(runtime)(close(id, joined))
          }
          yield* Deferred.await(joined.ready).pipe(Effect.onInterrupt(() => Effect.sync(leave)))
          return { leave }
        })
    }
  })
