import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"

/** A message as the listener took it: who it was addressed to in the envelope, and its bytes. */
export interface InboundMail {
  readonly recipients: ReadonlyArray<string>
  readonly raw: Buffer
}

export interface InboundSmtpOptions {
  readonly port: number
  readonly host: string
  /** Handles one message; a rejection answers 451, so that the sending server tries again later. */
  readonly receive: (mail: InboundMail) => Promise<void>
  /** Larger messages are refused (552): reports quote at most the original's headers. Default 1 MB. */
  readonly maxBytes?: number | undefined
  /** Connections at once; default 50. */
  readonly maxClients?: number | undefined
}

export interface InboundSmtp {
  readonly port: number
  readonly close: () => Promise<void>
}

const DEFAULT_MAX_BYTES = 1024 * 1024

/**
 * An SMTP listener (smtp-server) for the mail that comes back: bounces and complaints sent to the
 * platform's bounce domain. It relays nothing and asks no login (mail servers deliver without
 * one); it hands each message over whole, and refuses what is too large.
 */
export const startInboundSmtp = async (options: InboundSmtpOptions): Promise<InboundSmtp> => {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: maxBytes,
    maxClients: options.maxClients ?? 50,
    banner: "bounce and complaint reports only",
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Array<Buffer> = []
      let size = 0
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length
        // Past the limit the rest is read and dropped: the client is answered once the data ends.
        if (size <= maxBytes) chunks.push(chunk)
      })
      stream.on("end", () => {
        if (stream.sizeExceeded || size > maxBytes) {
          return callback(Object.assign(new Error(`Message too large: at most ${maxBytes} bytes`), { responseCode: 552 }))
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        options.receive({ recipients, raw: Buffer.concat(chunks) }).then(
          () => callback(),
          () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 }))
        )
      })
    }
  })
  // A client that misbehaves ends its own session; the listener goes on.
  server.on("error", () => {})
  await new Promise<void>((resolve, reject) => {
    const listening = (server as unknown as { server: import("node:net").Server }).server
    listening.once("error", reject)
    server.listen(options.port, options.host, () => {
      listening.off("error", reject)
      resolve()
    })
  })
  const address = (server as unknown as { server: import("node:net").Server }).server.address() as AddressInfo
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
