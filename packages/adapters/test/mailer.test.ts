import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises"
import type { AddressInfo, Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Mailer, type MailRejected, type OutgoingMail, TestMailbox } from "@servicekit/core/internal"
import { type ArrivedMail, mailerConformance } from "@servicekit/conformance"
import { makeFixedClock } from "@servicekit/core/testing"
import { Effect, Layer } from "effect"
import { simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"
import { describe, expect, it } from "vitest"
import {
  layerDevelopmentMailbox,
  layerDevelopmentTestMailbox,
  layerSmtpMailer,
  makeDevelopmentMailbox
} from "../src/mail.js"
import { freePort } from "./services.js"

const USER = "servicekit"
/** Characters that must be percent-encoded in a URL, so the test also checks the decoding. */
const PASSWORD = "s3cr@t:pässwörd/%"

/** A raw message as a mail client reads it: the parts as they are, no part made up from the other. */
const read = async (raw: Buffer, deliveredTo?: string): Promise<ArrivedMail> => {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
    skipTextLinks: true
  })
  const from = parsed.from?.value[0]
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to
  return {
    to: deliveredTo ?? to?.value[0]?.address ?? "",
    from: { address: from?.address ?? "", name: from?.name ?? "" },
    subject: parsed.subject ?? "",
    html: parsed.html === false ? undefined : parsed.html,
    text: parsed.text === undefined || parsed.text === "" ? undefined : parsed.text,
    messageId: parsed.messageId ?? "",
    headers: Object.fromEntries(
      [...parsed.headers].filter((entry): entry is [string, string] => typeof entry[1] === "string")
    )
  }
}

const listening = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))

interface SmtpPeerOptions {
  /** TLS from the first byte (smtps), with smtp-server's built-in test certificate. */
  readonly secure?: boolean
}

/** A real SMTP server on loopback that requires AUTH, keeps what it receives, and fails when told. */
const startSmtpPeer = async (options: SmtpPeerOptions = {}) => {
  const received: Array<{ recipient: string; raw: Buffer }> = []
  const refusals: Array<{ code: number; message: string }> = []
  const sockets = new Map<number, Socket>()
  let drops = 0
  let connections = 0
  const server = new SMTPServer({
    secure: options.secure ?? false,
    logger: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    closeTimeout: 100,
    onConnect: (_session, callback) => {
      connections++
      callback()
    },
    onAuth: (auth, _session, callback) =>
      auth.username === USER && auth.password === PASSWORD
        ? callback(null, { user: USER })
        : // Echoes the password, as a careless server might: it must not reach an error reason.
          callback(Object.assign(new Error(`Invalid login ${auth.username}:${auth.password}`), { responseCode: 535 })),
    onRcptTo: (_address, _session, callback) => {
      const refusal = refusals.shift()
      if (refusal === undefined) return callback()
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
    },
    onData: (stream, session, callback) => {
      if (drops > 0) {
        drops--
        // Mid-DATA: the client has started the message, the server vanishes.
        stream.once("data", () => sockets.get(session.remotePort)?.destroy())
        stream.resume()
        return
      }
      const chunks: Array<Buffer> = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        received.push({ recipient: session.envelope.rcptTo[0]?.address ?? "", raw: Buffer.concat(chunks) })
        callback()
      })
    }
  })
  server.server.on("connection", (socket: Socket) => sockets.set(socket.remotePort!, socket))
  await listening(server)
  const port = (server.server.address() as AddressInfo).port
  const scheme = options.secure ? "smtps" : "smtp"
  return {
    url: (password = PASSWORD) =>
      `${scheme}://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}${options.secure ? "?tls.rejectUnauthorized=false" : ""}`,
    arrived: () => Promise.all(received.map(({ raw, recipient }) => read(raw, recipient))),
    connections: () => connections,
    refuseNext: (code: number, message: string) => void refusals.push({ code, message }),
    dropNext: (times: number) => void (drops += times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

const mail = (messageId: string): OutgoingMail => ({
  messageId,
  from: "Acme <hello@acme.example>",
  to: "ana@example.com",
  subject: `Order ${messageId}`,
  text: "Thanks for your order.",
  html: "<p>Thanks for your order.</p>"
})

/** Runs `use` with a Mailer on `layer`, then releases it. */
const withMailer = <A, E>(layer: Layer.Layer<Mailer>, use: (mailer: Mailer["Type"]) => Effect.Effect<A, E>) =>
  Effect.runPromise(Effect.flatMap(Mailer, use).pipe(Effect.provide(layer)))

const rejectionOf = (layer: Layer.Layer<Mailer>, message: OutgoingMail = mail("msg_refused")) =>
  withMailer(layer, (mailer) => Effect.flip(mailer.send(message))) as Promise<MailRejected>

mailerConformance("SMTP (nodemailer pool) against smtp-server", async () => {
  const peer = await startSmtpPeer()
  return {
    layer: layerSmtpMailer({ url: peer.url() }),
    arrived: peer.arrived,
    reject: async (kind) =>
      kind === "permanent"
        ? peer.refuseNext(550, "5.1.1 No such user here")
        : peer.refuseNext(451, "4.3.0 Mailbox busy, try again later"),
    close: peer.close
  }
})

/** The .eml files of a development mailbox, oldest first. */
const emlFiles = async (directory: string) => (await readdir(directory)).filter((name) => name.endsWith(".eml")).sort()

mailerConformance(
  "development mailbox (.eml files)",
  async () => {
    const directory = await mkdtemp(join(tmpdir(), "servicekit-mailbox-"))
    return {
      layer: Layer.effect(Mailer, makeDevelopmentMailbox({ directory })),
      arrived: async () =>
        Promise.all((await emlFiles(directory)).map(async (name) => read(await readFile(join(directory, name))))),
      close: () => rm(directory, { recursive: true, force: true })
    }
  },
  { refuses: false }
)

describe("SMTP mailer", () => {
  const withPeer = async (test: (peer: Awaited<ReturnType<typeof startSmtpPeer>>) => Promise<void>) => {
    const peer = await startSmtpPeer()
    try {
      await test(peer)
    } finally {
      await peer.close()
    }
  }

  it("reports 550 to RCPT as permanent, with its code", () =>
    withPeer(async (peer) => {
      peer.refuseNext(550, "5.1.1 No such user here")
      const rejection = await rejectionOf(layerSmtpMailer({ url: peer.url() }))
      expect(rejection).toMatchObject({ _tag: "MailRejected", permanent: true, code: 550 })
      expect(rejection.reason).toContain("No such user here")
    }))

  it("reports 451 to RCPT as transient, with its code", () =>
    withPeer(async (peer) => {
      peer.refuseNext(451, "4.3.0 Mailbox busy")
      expect(await rejectionOf(layerSmtpMailer({ url: peer.url() }))).toMatchObject({ permanent: false, code: 451 })
    }))

  it("reports a server that is not listening as transient", async () => {
    const port = await freePort()
    const rejection = await rejectionOf(layerSmtpMailer({ url: `smtp://${USER}:secret@127.0.0.1:${port}` }))
    expect(rejection).toMatchObject({ permanent: false, code: undefined })
  })

  it("reports a connection dropped mid-DATA as transient", () =>
    withPeer(async (peer) => {
      peer.dropNext(5)
      const rejection = await rejectionOf(layerSmtpMailer({ url: peer.url() }))
      expect(rejection).toMatchObject({ permanent: false, code: undefined })
      expect(await peer.arrived()).toEqual([])
    }))

  it("logs in with the URL's credentials, and keeps a refused password out of the reason", () =>
    withPeer(async (peer) => {
      const wrong = "wr0ng:pässwörd@/%"
      const rejection = await rejectionOf(layerSmtpMailer({ url: peer.url(wrong) }))
      // Refused credentials are the configuration's fault, not the message's: a retry after the fix goes through.
      expect(rejection).toMatchObject({ permanent: false, code: 535 })
      expect(rejection.reason).not.toContain(wrong)
      expect(rejection.reason).not.toContain(encodeURIComponent(wrong))
      expect(rejection.reason).toContain("***")
      expect(await peer.arrived()).toEqual([])
    }))

  it("sends many messages over at most the pool's connections, and reuses an idle one", () =>
    withPeer(async (peer) => {
      const layer = layerSmtpMailer({ url: peer.url(), pool: { maxConnections: 3 } })
      await withMailer(layer, (mailer) =>
        Effect.forEach(
          Array.from({ length: 20 }, (_, n) => mail(`msg_pool_${n}`)),
          (message) => mailer.send(message),
          { concurrency: "unbounded" }
        )
      )
      expect(await peer.arrived()).toHaveLength(20)
      expect(peer.connections()).toBeGreaterThanOrEqual(1)
      expect(peer.connections()).toBeLessThanOrEqual(3)
    }))

  it("sends one message after another over one connection", () =>
    withPeer(async (peer) => {
      await withMailer(layerSmtpMailer({ url: peer.url() }), (mailer) =>
        Effect.forEach(["msg_a", "msg_b", "msg_c"], (id) => mailer.send(mail(id)))
      )
      expect(await peer.arrived()).toHaveLength(3)
      expect(peer.connections()).toBe(1)
    }))

  it("speaks TLS from the first byte on smtps://", async () => {
    const peer = await startSmtpPeer({ secure: true })
    try {
      const delivered = await withMailer(layerSmtpMailer({ url: peer.url() }), (mailer) => mailer.send(mail("msg_tls")))
      expect(delivered.providerMessageId).toBe("<msg_tls@acme.example>")
      expect((await peer.arrived()).map((message) => message.messageId)).toEqual(["<msg_tls@acme.example>"])
    } finally {
      await peer.close()
    }
  })

  it("refuses a URL that is not smtp:// or smtps://, without repeating it", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.provide(Mailer, layerSmtpMailer({ url: `http://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1` }))
    )
    expect(exit._tag).toBe("Failure")
    expect(JSON.stringify(exit)).not.toContain(encodeURIComponent(PASSWORD))
  })
})

describe("development mailbox", () => {
  const withDirectory = async (test: (directory: string) => Promise<void>) => {
    const parent = await mkdtemp(join(tmpdir(), "servicekit-mailbox-"))
    try {
      await test(join(parent, "mail", "outbox"))
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  }

  it("creates its folder for its owner only, and writes whole files named by time and message id", () =>
    withDirectory(async (directory) => {
      const clock = makeFixedClock(new Date("2026-11-23T21:48:00.123Z"))
      await withMailer(Layer.effect(Mailer, makeDevelopmentMailbox({ directory })), (mailer) =>
        Effect.gen(function* () {
          yield* mailer.send(mail("msg_01"))
          clock.advance(1)
          yield* mailer.send(mail("msg/../../escape"))
        }).pipe(Effect.provide(clock.layer))
      )
      expect(await readdir(directory)).toEqual([
        "20261123T214800123Z-msg_01.eml",
        "20261123T214800124Z-msg_______escape.eml"
      ])
      if (process.platform !== "win32") {
        expect((await stat(directory)).mode & 0o777).toBe(0o700)
        expect((await stat(join(directory, "20261123T214800123Z-msg_01.eml"))).mode & 0o777).toBe(0o600)
      }
      const raw = await readFile(join(directory, "20261123T214800123Z-msg_01.eml"), "latin1")
      expect(raw).toMatch(/^(.+\r\n)+\r\n/)
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m)
      expect(raw).toMatch(/^Date: /m)
    }))

  it("takes live and test-mode mail into one folder, or only test-mode mail beside another Mailer", () =>
    withDirectory(async (directory) => {
      await Effect.runPromise(
        Effect.gen(function* () {
          yield* (yield* Mailer).send(mail("msg_live"))
          yield* (yield* TestMailbox).send(mail("msg_test"))
        }).pipe(Effect.provide(layerDevelopmentMailbox({ directory })))
      )
      const testOnly = Layer.merge(
        layerDevelopmentTestMailbox({ directory }),
        Layer.succeed(Mailer, { send: () => Effect.succeed({ providerMessageId: "elsewhere" }) })
      )
      await Effect.runPromise(
        Effect.gen(function* () {
          yield* (yield* Mailer).send(mail("msg_live_elsewhere"))
          yield* (yield* TestMailbox).send(mail("msg_test_2"))
        }).pipe(Effect.provide(testOnly))
      )
      const names = await emlFiles(directory)
      expect(names.map((name) => name.replace(/^\w+-/, ""))).toEqual(["msg_live.eml", "msg_test.eml", "msg_test_2.eml"])
    }))
})
