import { Effect, Layer, Queue, Stream } from "effect"
import { type SipAddress, SipAddressRefused, SipNetwork, SipUnreachable } from "../calling/SipNetwork.js"
import { isPublicAddress, parseAddress } from "../platform/IpAllowlist.js"

/** A trunk on the in-memory network: what the relay sent it, and a way to answer. */
export interface MemorySipTrunk {
  /** The next message a flow sent to this trunk (waits for one). */
  readonly receive: Effect.Effect<string>
  /** Sends a message to the flow that wrote to this trunk last. */
  readonly send: (message: string) => Effect.Effect<void>
  /** Ends every flow to this trunk, as a TCP trunk closing its connections does. */
  readonly hangUp: Effect.Effect<void>
}

interface Flow {
  readonly inbox: Queue.Queue<string>
}

const keyOf = (ip: string, port: number, transport: string) => `${ip}:${port}/${transport}`

/**
 * SipNetwork in memory: host names resolve through a table, trunks are registered with
 * `listen`, and flows deliver whole messages both ways. Like the real network, private
 * addresses are refused unless allowed, UDP to nobody is silence, TCP to nobody fails.
 */
export const makeMemorySipNetwork = (hosts: Readonly<Record<string, string>> = {}) =>
  Effect.gen(function* () {
    const trunks = new Map<string, { readonly inbox: Queue.Queue<string>; flows: Array<Flow>; last?: Flow }>()
    let nextPort = 40_000

    const network: SipNetwork["Type"] = {
      resolve: (address, { allowPrivate }) =>
        Effect.suspend(() => {
          const ip = parseAddress(address.host)?.toString() ?? hosts[address.host.toLowerCase()]
          if (ip === undefined) {
            return Effect.fail(
              new SipAddressRefused({ reason: "unresolvable", message: `${address.host} does not resolve.` })
            )
          }
          if (!allowPrivate && !isPublicAddress(ip)) {
            return Effect.fail(
              new SipAddressRefused({ reason: "private_address", message: `${address.host} is not a public address.` })
            )
          }
          return Effect.succeed({ ...address, ip })
        }),
      connect: (address) =>
        Effect.gen(function* () {
          const trunk = trunks.get(keyOf(address.ip, address.port, address.transport))
          if (trunk === undefined && address.transport !== "udp") {
            return yield* new SipUnreachable({ message: `Nothing listens at ${address.ip}:${address.port}.` })
          }
          const flow: Flow = { inbox: yield* Queue.unbounded<string>() }
          trunk?.flows.push(flow)
          yield* Effect.addFinalizer(() => Queue.shutdown(flow.inbox))
          return {
            local: { address: "127.0.0.1", port: nextPort++ },
            send: (message) =>
              trunk === undefined
                ? Effect.void
                : Effect.suspend(() => {
                    trunk.last = flow
                    return Queue.offer(trunk.inbox, message)
                  }),
            messages: Stream.fromQueue(flow.inbox)
          }
        })
    }

    return {
      layer: Layer.succeed(SipNetwork, network),
      /** Starts a trunk at an IP address (names resolve through the table given at creation). */
      listen: (address: SipAddress) =>
        Effect.gen(function* () {
          const trunk = { inbox: yield* Queue.unbounded<string>(), flows: [] as Array<Flow> } as {
            inbox: Queue.Queue<string>
            flows: Array<Flow>
            last?: Flow
          }
          trunks.set(keyOf(address.host, address.port, address.transport), trunk)
          const memoryTrunk: MemorySipTrunk = {
            receive: Queue.take(trunk.inbox),
            send: (message) => (trunk.last === undefined ? Effect.void : Queue.offer(trunk.last.inbox, message)),
            hangUp: Effect.forEach(trunk.flows, (flow) => Queue.shutdown(flow.inbox), { discard: true })
          }
          return memoryTrunk
        })
    }
  })

/** A memory network without trunks, for layers that need the port but no calls. */
export const layerMemorySipNetwork: Layer.Layer<SipNetwork> = Layer.unwrapEffect(
  Effect.map(makeMemorySipNetwork(), (network) => network.layer)
)
