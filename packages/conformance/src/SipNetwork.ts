import type { SipTransport } from "@servicekit/core/calling"
import { type SipAddress, SipNetwork } from "@servicekit/core/internal"
import { Chunk, Effect, Exit, type Layer, Scope, Stream } from "effect"
import { describe, expect, it } from "vitest"

/** A trunk the suite talks to: a real socket for a real network, a memory trunk for the fake. */
export interface SipTestTrunk {
  /** Where it listens; `host` is an IP address. */
  readonly address: SipAddress
  /** The next message a flow sent it. */
  readonly receive: () => Promise<string>
  /** Answers the flow that wrote to it last. */
  readonly send: (message: string) => Promise<void>
  /** Closes its connections (TCP and TLS) and stops listening. */
  readonly close: () => Promise<void>
}

export interface SipNetworkHarness {
  readonly layer: Layer.Layer<SipNetwork>
  /** Starts a trunk on a loopback address. */
  readonly listen: (transport: Exclude<SipTransport, "tls">) => Promise<SipTestTrunk>
  /** A loopback port where nothing listens on TCP. */
  readonly closedPort: () => Promise<number>
}

const message = (n: number) =>
  `OPTIONS sip:trunk.example SIP/2.0\r\nVia: SIP/2.0/UDP x;branch=z9hG4bK${n}\r\nCall-ID: c${n}\r\nCSeq: ${n} OPTIONS\r\nContent-Length: 0\r\n\r\n`

/** The behaviour every SipNetwork must share: who may be reached, and whole messages both ways. */
export const sipNetworkConformance = (name: string, makeHarness: () => Promise<SipNetworkHarness>) =>
  describe(`SipNetwork conformance: ${name}`, () => {
    const withNetwork = async <A>(
      use: (network: SipNetwork["Type"], harness: SipNetworkHarness) => Effect.Effect<A, unknown, Scope.Scope>
    ) => {
      const harness = await makeHarness()
      return Effect.runPromise(
        Effect.scoped(Effect.flatMap(SipNetwork, (network) => use(network, harness))).pipe(
          Effect.provide(harness.layer)
        )
      )
    }

    it("resolves an address only where it is allowed to connect", async () => {
      await withNetwork((network) =>
        Effect.gen(function* () {
          const loopback = { host: "127.0.0.1", port: 5060, transport: "udp" } as const
          const refused = yield* Effect.flip(network.resolve(loopback, { allowPrivate: false }))
          expect(refused.reason).toBe("private_address")
          expect((yield* network.resolve(loopback, { allowPrivate: true })).ip).toBe("127.0.0.1")
          const metadata = yield* Effect.flip(
            network.resolve({ ...loopback, host: "169.254.169.254" }, { allowPrivate: false })
          )
          expect(metadata.reason).toBe("private_address")
          const unknown = yield* Effect.flip(
            network.resolve({ ...loopback, host: "no-such-trunk.invalid" }, { allowPrivate: true })
          )
          expect(unknown.reason).toBe("unresolvable")
        })
      )
    })

    for (const transport of ["udp", "tcp"] as const) {
      it(`carries whole messages both ways over ${transport}`, async () => {
        await withNetwork((network, harness) =>
          Effect.gen(function* () {
            const trunk = yield* Effect.promise(() => harness.listen(transport))
            yield* Effect.addFinalizer(() => Effect.promise(() => trunk.close()))
            const flow = yield* network.connect({ ...trunk.address, ip: trunk.address.host })
            expect(flow.local.port).toBeGreaterThan(0)
            yield* flow.send(message(1))
            yield* flow.send(message(2))
            expect(yield* Effect.promise(() => trunk.receive())).toBe(message(1))
            expect(yield* Effect.promise(() => trunk.receive())).toBe(message(2))
            yield* Effect.promise(() => trunk.send(message(3)))
            yield* Effect.promise(() => trunk.send(message(4)))
            const received = yield* Stream.runCollect(Stream.take(flow.messages, 2))
            expect(Chunk.toArray(received)).toEqual([message(3), message(4)])
          })
        )
      })
    }

    it("ends a TCP flow's messages when the trunk closes, and fails to connect where nothing listens", async () => {
      await withNetwork((network, harness) =>
        Effect.gen(function* () {
          const trunk = yield* Effect.promise(() => harness.listen("tcp"))
          const flow = yield* network.connect({ ...trunk.address, ip: trunk.address.host })
          yield* flow.send(message(1))
          yield* Effect.promise(() => trunk.receive())
          yield* Effect.promise(() => trunk.close())
          expect(Chunk.toArray(yield* Stream.runCollect(flow.messages))).toEqual([])

          const port = yield* Effect.promise(() => harness.closedPort())
          const scope = yield* Scope.make()
          const exit = yield* Effect.exit(
            Scope.extend(network.connect({ host: "127.0.0.1", ip: "127.0.0.1", port, transport: "tcp" }), scope)
          )
          yield* Scope.close(scope, Exit.void)
          expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error._tag).toBe("SipUnreachable")
        })
      )
    })
  })
