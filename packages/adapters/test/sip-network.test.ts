import { createSocket } from "node:dgram"
import { type AddressInfo, type Socket, createServer } from "node:net"
import { sipNetworkConformance } from "@servicekit/conformance"
import { describe, expect, it } from "vitest"
import { layerNodeSipNetwork } from "../src/sip.js"
import { makeSipStreamFramer } from "../src/sip/SipStreamFramer.js"

/** Messages in arrival order, handed to whoever waits first. */
const mailbox = () => {
  const messages: Array<string> = []
  const waiting: Array<(message: string) => void> = []
  return {
    put: (message: string) => {
      const next = waiting.shift()
      if (next) next(message)
      else messages.push(message)
    },
    take: () =>
      new Promise<string>((resolve) => {
        const message = messages.shift()
        if (message === undefined) waiting.push(resolve)
        else resolve(message)
      })
  }
}

const udpTrunk = async () => {
  const socket = createSocket("udp4")
  const inbox = mailbox()
  let peer: { address: string; port: number } | undefined
  socket.on("message", (data, remote) => {
    peer = remote
    inbox.put(data.toString("utf8"))
  })
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve))
  return {
    address: { host: "127.0.0.1", port: socket.address().port, transport: "udp" as const },
    receive: inbox.take,
    send: (message: string) =>
      new Promise<void>((resolve, reject) =>
        socket.send(message, peer!.port, peer!.address, (error) => (error ? reject(error) : resolve()))
      ),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve()))
  }
}

const tcpTrunk = async () => {
  const inbox = mailbox()
  const connections = new Set<Socket>()
  let last: Socket | undefined
  const server = createServer((connection) => {
    connections.add(connection)
    const framer = makeSipStreamFramer()
    connection.on("data", (chunk) => {
      last = connection
      for (const message of framer.push(chunk) ?? []) inbox.put(message)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    address: { host: "127.0.0.1", port: (server.address() as AddressInfo).port, transport: "tcp" as const },
    receive: inbox.take,
    send: (message: string) => new Promise<void>((resolve) => last!.write(message, () => resolve())),
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.destroy()
        server.close(() => resolve())
      })
  }
}

const closedPort = async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

sipNetworkConformance("node:dgram and node:net", async () => ({
  layer: layerNodeSipNetwork,
  listen: (transport) => (transport === "udp" ? udpTrunk() : tcpTrunk()),
  closedPort
}))

describe("SIP stream framing", () => {
  const message = (body: string) =>
    `MESSAGE sip:bob@example.com SIP/2.0\r\nCall-ID: 1\r\nl: ${Buffer.byteLength(body)}\r\n\r\n${body}`

  it("cuts a byte stream into messages by Content-Length, whatever the chunking, skipping keep-alives", () => {
    const stream = Buffer.from(`\r\n\r\n${message("héllo")}${message("")}\r\n${message("a\r\n\r\nb")}`)
    for (const size of [1, 2, 7, 64, stream.length]) {
      const framer = makeSipStreamFramer()
      const messages: Array<string> = []
      for (let at = 0; at < stream.length; at += size) messages.push(...framer.push(stream.subarray(at, at + size))!)
      expect(messages).toEqual([message("héllo"), message(""), message("a\r\n\r\nb")])
    }
  })

  it("gives up on a peer that sends more than a message can hold", () => {
    const framer = makeSipStreamFramer()
    expect(framer.push(Buffer.from("x".repeat(70_000)))).toBe(undefined)
    const declared = makeSipStreamFramer()
    expect(declared.push(Buffer.from("MESSAGE sip:a SIP/2.0\r\nContent-Length: 999999\r\n\r\n"))).toBe(undefined)
  })
})
