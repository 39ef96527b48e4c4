import { createSocket } from "node:dgram"
import { lookup } from "node:dns/promises"
import { type Socket, connect as connectTcp, isIP } from "node:net"
import { connect as connectTls } from "node:tls"
import { SipAddressRefused, type SipFlow, SipNetwork, SipUnreachable, isPublicAddress } from "@servicekit/core/internal"
import { Effect, Layer, Queue, Runtime, Stream } from "effect"
import { makeSipStreamFramer } from "./SipStreamFramer.js"

const RESOLVE_TIMEOUT = "5 seconds"
/** Messages from a trunk waiting for the softphone; a trunk that floods loses the excess, as UDP would. */
const INBOX_SIZE = 1024
const CONNECT_TIMEOUT_MS = 10_000

const refused = (reason: "unresolvable" | "private_address", message: string) =>
  new SipAddressRefused({ reason, message })

/** The host's addresses; every one must be public unless allowed, so no answer can point inward. */
const resolve: SipNetwork["Type"]["resolve"] = (address, { allowPrivate }) =>
  Effect.gen(function* () {
    const ips =
      isIP(address.host) !== 0
        ? [address.host]
        : yield* Effect.tryPromise(() => lookup(address.host, { all: true, verbatim: true })).pipe(
            Effect.timeout(RESOLVE_TIMEOUT),
            Effect.map((found) => found.map((each) => each.address)),
            Effect.orElseSucceed((): Array<string> => [])
          )
    if (ips.length === 0) return yield* refused("unresolvable", `The trunk host ${address.host} does not resolve.`)
    if (!allowPrivate && !ips.every(isPublicAddress)) {
      return yield* refused("private_address", `The trunk host ${address.host} is not a public address.`)
    }
    return { ...address, ip: ips[0]! }
  })

/** One connected UDP socket per flow: whatever arrives on it belongs to this softphone. */
const udpFlow = (ip: string, port: number) =>
  Effect.gen(function* () {
    const inbox = yield* Queue.dropping<string>(INBOX_SIZE)
    const socket = createSocket(isIP(ip) === 6 ? "udp6" : "udp4")
    // An ICMP "port unreachable" surfaces as an error on a connected socket: UDP gives no promise, so it is dropped.
    socket.on("error", () => {})
    socket.on("message", (data) => Queue.unsafeOffer(inbox, data.toString("utf8")))
    yield* Effect.addFinalizer(() => Effect.sync(() => socket.close()).pipe(Effect.zipRight(Queue.shutdown(inbox))))
    yield* Effect.async<void, SipUnreachable>((resume) => {
      socket.connect(port, ip, (error?: Error) =>
        resume(error ? Effect.fail(new SipUnreachable({ message: error.message })) : Effect.void)
      )
    })
    const local = socket.address()
    const flow: SipFlow = {
      local: { address: local.address, port: local.port },
      // Failures reach the callback, not an exception: UDP promises no delivery.
      send: (message) => Effect.sync(() => socket.send(message, () => {})),
      messages: Stream.fromQueue(inbox)
    }
    return flow
  })

/** A TCP or TLS connection per flow; the TLS certificate is checked against the trunk's host name. */
const streamFlow = (host: string, ip: string, port: number, tls: boolean) =>
  Effect.gen(function* () {
    const inbox = yield* Queue.dropping<string>(INBOX_SIZE)
    const runtime = yield* Effect.runtime<never>()
    const socket = yield* Effect.async<Socket, SipUnreachable>((resume) => {
      const options = { host: ip, port, timeout: CONNECT_TIMEOUT_MS }
      const connecting: Socket = tls
        ? connectTls({ ...options, servername: isIP(host) === 0 ? host : undefined })
        : connectTcp(options)
      const fail = (message: string) => {
        connecting.destroy()
        resume(Effect.fail(new SipUnreachable({ message })))
      }
      connecting.once("error", (error) => fail(error.message))
      connecting.once("timeout", () => fail(`No connection to ${host}:${port} within ${CONNECT_TIMEOUT_MS} ms.`))
      connecting.once(tls ? "secureConnect" : "connect", () => {
        connecting.removeAllListeners("error").removeAllListeners("timeout")
        connecting.setTimeout(0)
        resume(Effect.succeed(connecting))
      })
      return Effect.sync(() => connecting.destroy())
    })
    yield* Effect.addFinalizer(() => Effect.sync(() => socket.destroy()))
    const framer = makeSipStreamFramer()
    const end = () => Runtime.runFork(runtime)(Queue.shutdown(inbox))
    socket.on("data", (chunk: Buffer) => {
      const messages = framer.push(chunk)
      if (messages === undefined) return socket.destroy()
      for (const message of messages) Queue.unsafeOffer(inbox, message)
    })
    socket.on("error", () => socket.destroy())
    socket.once("close", end)
    const flow: SipFlow = {
      local: { address: socket.localAddress ?? "0.0.0.0", port: socket.localPort ?? 0 },
      send: (message) => Effect.sync(() => void socket.write(message)),
      messages: Stream.fromQueue(inbox)
    }
    return flow
  })

/** SipNetwork on node:dgram, node:net and node:tls (Node and Bun). */
export const layerNodeSipNetwork: Layer.Layer<SipNetwork> = Layer.succeed(SipNetwork, {
  resolve,
  connect: ({ host, ip, port, transport }) =>
    transport === "udp" ? udpFlow(ip, port) : streamFlow(host, ip, port, transport === "tls")
})
