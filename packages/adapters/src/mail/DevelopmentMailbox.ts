import { randomBytes } from "node:crypto"
import { mkdir, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { type MailSender, Mailer, MailRejected, type OutgoingMail, TestMailbox } from "@servicekit/core/internal"
import { Clock, Context, Effect, Layer } from "effect"
import MailComposer from "nodemailer/lib/mail-composer"
import { messageIdHeaderOf, nodemailerMessageOf } from "./MailMessage.js"

export interface DevelopmentMailboxOptions {
  /** The folder the `.eml` files go to; created (readable by its owner only) with the first message. */
  readonly directory: string
}

/** `20261123T214800123Z`: the ISO time without separators, so that names sort by time. */
const timestampOf = (millis: number) => new Date(millis).toISOString().replace(/[-:.]/g, "")

/** The message id as a safe piece of a file name. */
const fileSafe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 200)

const composed = (mail: OutgoingMail) =>
  Effect.tryPromise({
    try: async () => {
      const message = new MailComposer(nodemailerMessageOf(mail)).compile()
      // As an SMTP server would, refuse a recipient that is not an address.
      if (message.getEnvelope().to.length === 0) return undefined
      return message.build()
    },
    catch: (error) => new MailRejected({ permanent: false, reason: `The message could not be built: ${error}` })
  }).pipe(
    Effect.filterOrFail(
      (raw): raw is Buffer => raw !== undefined,
      () => new MailRejected({ permanent: true, reason: `No valid recipient in "${mail.to}".` })
    )
  )

/** Writes beside the target and renames, so that a reader sees a whole file or none. */
const writeAtomically = (directory: string, name: string, raw: Buffer) =>
  Effect.tryPromise({
    try: async () => {
      const partial = join(directory, `.${name}.${randomBytes(6).toString("hex")}.partial`)
      try {
        await writeFile(partial, raw, { mode: 0o600, flag: "wx" })
        await rename(partial, join(directory, name))
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },
    catch: (error) =>
      new MailRejected({ permanent: false, reason: `The message could not be written to ${directory}: ${error}` })
  })

/**
 * A MailSender that writes each message, as the SMTP server would receive it, to an `.eml` file
 * named `<time>-<message id>.eml` in `directory`: any mail client opens it. The folder is made
 * with the first message, so that a kit whose mail all goes elsewhere leaves no folder behind.
 */
export const makeDevelopmentMailbox = (options: DevelopmentMailboxOptions): Effect.Effect<MailSender> =>
  Effect.sync(() => {
    let folder: Promise<unknown> | undefined
    const madeFolder = Effect.tryPromise({
      try: () => (folder ??= mkdir(options.directory, { recursive: true, mode: 0o700 })),
      catch: (error) => {
        folder = undefined
        return new MailRejected({
          permanent: false,
          reason: `The development mailbox cannot use ${options.directory}: ${error}`
        })
      }
    })
    const sender: MailSender = {
      send: (mail) =>
        Effect.gen(function* () {
          const raw = yield* composed(mail)
          const name = `${timestampOf(yield* Clock.currentTimeMillis)}-${fileSafe(mail.messageId)}.eml`
          yield* madeFolder
          yield* writeAtomically(options.directory, name, raw)
          return { providerMessageId: messageIdHeaderOf(mail) }
        })
    }
    return sender
  })

/** All mail, including test-mode mail, into the development mailbox: the default when no SMTP server is set. */
export const layerDevelopmentMailbox = (options: DevelopmentMailboxOptions): Layer.Layer<Mailer | TestMailbox> =>
  Layer.effectContext(
    Effect.map(makeDevelopmentMailbox(options), (mailbox) =>
      Context.make(Mailer, mailbox).pipe(Context.add(TestMailbox, mailbox))
    )
  )

/** Test-mode mail into the development mailbox, beside a real Mailer. */
export const layerDevelopmentTestMailbox = (options: DevelopmentMailboxOptions): Layer.Layer<TestMailbox> =>
  Layer.effect(TestMailbox, makeDevelopmentMailbox(options))
