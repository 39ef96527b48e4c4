import { type MailSender, Mailer, MailRejected } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type NodemailerError, createTransport } from "nodemailer"
import { messageIdHeaderOf, nodemailerMessageOf } from "./MailMessage.js"

export interface SmtpMailerOptions {
  /**
   * `smtp://user:pass@host:port` (upgraded with STARTTLS when the server offers it) or
   * `smtps://user:pass@host:port` (TLS from the first byte); credentials percent-encoded.
   */
  readonly url: string
  readonly pool?: {
    /** Connections open at once; default 5. */
    readonly maxConnections?: number
    /** Messages one connection carries before it is replaced; default 100. */
    readonly maxMessages?: number
  }
}

const CONNECTION_TIMEOUT_MS = 10_000
const GREETING_TIMEOUT_MS = 10_000
const SOCKET_TIMEOUT_MS = 30_000
/** Socket timeouts only notice silence: a server trickling its replies is given up on after this. */
const DELIVERY_TIMEOUT = "2 minutes"

/** Errors about the message itself that carry no server reply: a retry would fail the same way. */
const PERMANENT_WITHOUT_REPLY = new Set(["EENVELOPE", "EMAXRECIPIENTS"])
/** Our credentials were refused, not the message: once the configuration is fixed, a retry goes through. */
const CREDENTIALS_REFUSED = new Set(["EAUTH", "ENOAUTH"])

/** 5xx is final, except 503 (bad sequence of commands), which says the session was confused, not the message refused. */
const isPermanentReply = (code: number) => code >= 500 && code < 600 && code !== 503

/** The credentials of `url` as written and decoded, so that no error reason repeats them. */
const secretsOf = (url: URL) => {
  let decoded = url.password
  try {
    decoded = decodeURIComponent(url.password)
  } catch {
    // Not valid percent-encoding: nodemailer sends it as written, which is already covered.
  }
  return [url.password, decoded].filter((secret) => secret.length > 0)
}

const redact = (text: string, secrets: ReadonlyArray<string>) =>
  secrets.reduce((redacted, secret) => redacted.split(secret).join("***"), text)

/** What nodemailer's error tells: a reply code decides; without one, only a malformed envelope is final. */
const rejectionOf = (error: unknown, secrets: ReadonlyArray<string>): MailRejected => {
  const failure: Partial<NodemailerError> =
    typeof error === "object" && error !== null ? (error as NodemailerError) : { message: String(error) }
  const code = typeof failure.responseCode === "number" ? failure.responseCode : undefined
  const errorCode = failure.code ?? ""
  const permanent =
    code === undefined
      ? PERMANENT_WITHOUT_REPLY.has(errorCode)
      : isPermanentReply(code) && !CREDENTIALS_REFUSED.has(errorCode)
  const reason = redact(failure.message || failure.response || errorCode || "The SMTP server failed.", secrets)
  return new MailRejected({ permanent, reason, code })
}

const parseUrl = (url: string) =>
  Effect.suspend(() => {
    const parsed = URL.canParse(url) ? new URL(url) : undefined
    return parsed !== undefined && (parsed.protocol === "smtp:" || parsed.protocol === "smtps:")
      ? Effect.succeed(parsed)
      : Effect.dieMessage("The SMTP URL must read smtp://user:pass@host:port or smtps://user:pass@host:port.")
  })

/**
 * Mailer over SMTP (nodemailer), on a pool of connections that the layer closes. Every failure
 * is a MailRejected: permanent for a 5xx reply or a malformed envelope, transient otherwise.
 */
export const layerSmtpMailer = (options: SmtpMailerOptions): Layer.Layer<Mailer> =>
  Layer.scoped(
    Mailer,
    Effect.gen(function* () {
      const url = yield* parseUrl(options.url)
      const secrets = secretsOf(url)
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() =>
          createTransport({
            url: options.url,
            pool: true,
            maxConnections: options.pool?.maxConnections ?? 5,
            maxMessages: options.pool?.maxMessages ?? 100,
            // A message whose connection closes under it gets one more try on a fresh connection;
            // anything beyond that is the caller's retry, with its back-off.
            maxRequeues: 1,
            connectionTimeout: CONNECTION_TIMEOUT_MS,
            greetingTimeout: GREETING_TIMEOUT_MS,
            socketTimeout: SOCKET_TIMEOUT_MS,
            // Messages are rendered text; nothing in them may make the mailer read a file or a URL.
            disableFileAccess: true,
            disableUrlAccess: true
          })
        ),
        (transport) => Effect.sync(() => transport.close())
      )
      const sender: MailSender = {
        send: (mail) =>
          Effect.tryPromise({
            try: (signal) => transport.sendMail({ ...nodemailerMessageOf(mail), signal }),
            catch: (error) => rejectionOf(error, secrets)
          }).pipe(
            Effect.timeoutFail({
              duration: DELIVERY_TIMEOUT,
              onTimeout: () =>
                new MailRejected({
                  permanent: false,
                  reason: `The SMTP server did not finish within ${DELIVERY_TIMEOUT}.`
                })
            }),
            Effect.as({ providerMessageId: messageIdHeaderOf(mail) })
          )
      }
      return sender
    })
  )
