import { type Context, Effect, Layer } from "effect"
import { type MailSender, Mailer, MailRejected, type OutgoingMail, TestMailbox } from "../transactional/Mailer.js"

/** A message the memory mailer took, with the id it answered. */
export type MemorySentMail = OutgoingMail & { readonly providerMessageId: string }

/** A mailbox in memory: hand it to the code under test as a MailSender, then read what it took. */
export interface MemoryMailer {
  readonly sender: MailSender
  /** Every message taken so far, oldest first. */
  readonly sent: () => ReadonlyArray<MemorySentMail>
  /** The next `times` sends (1 by default) fail with `rejection` and take nothing. */
  readonly failNext: (rejection: MailRejected, times?: number) => void
}

/** The address of `Name <address>` or of a bare address. */
const addressOf = (mailbox: string) => /<([^<>]*)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim()

const isAddress = (address: string) => /^[^\s@<>]+@[^\s@<>]+$/.test(address)

/** The Message-ID an SMTP server sees: ServiceKit's id at the sender's domain, as the real adapters write it. */
const providerMessageIdOf = (mail: OutgoingMail) => {
  const from = addressOf(mail.from)
  const domain = isAddress(from) ? from.slice(from.lastIndexOf("@") + 1) : "servicekit.local"
  return `<${mail.messageId}@${domain}>`
}

const makeMailer = (): MemoryMailer => {
  const taken: Array<MemorySentMail> = []
  const failures: Array<MailRejected> = []
  const sender: MailSender = {
    send: (mail) =>
      Effect.suspend(() => {
        const failure = failures.shift()
        if (failure !== undefined) return Effect.fail(failure)
        // As a real server does, refuse for good a recipient that is not an address.
        if (!isAddress(addressOf(mail.to))) {
          return Effect.fail(new MailRejected({ permanent: true, reason: `No valid recipient in "${mail.to}".` }))
        }
        const providerMessageId = providerMessageIdOf(mail)
        taken.push({ ...mail, providerMessageId })
        return Effect.succeed({ providerMessageId })
      })
  }
  return {
    sender,
    sent: () => [...taken],
    failNext: (rejection, times = 1) => {
      for (let n = 0; n < times; n++) failures.push(rejection)
    }
  }
}

/** Mailers made here, so that a test can find the mailbox behind a tag. */
const mailers = new WeakMap<MailSender, MemoryMailer>()

/** A fresh, empty memory mailbox. */
export const makeMemoryMailer = (): Effect.Effect<MemoryMailer> =>
  Effect.sync(() => {
    const mailer = makeMailer()
    mailers.set(mailer.sender, mailer)
    return mailer
  })

const freshSender = Effect.map(makeMemoryMailer(), (mailer) => mailer.sender)

/** Mailer and TestMailbox as two separate memory mailboxes, so a test sees where each message went. */
export const layerMemoryMailer: Layer.Layer<Mailer | TestMailbox> = Layer.merge(
  Layer.effect(Mailer, freshSender),
  Layer.effect(TestMailbox, freshSender)
)

/** The memory mailbox provided under `tag` (by layerMemoryMailer or makeMemoryMailer); dies if it is another sender. */
export const memoryMailer = <Id extends Mailer | TestMailbox>(
  tag: Context.Tag<Id, MailSender>
): Effect.Effect<MemoryMailer, never, Id> =>
  Effect.flatMap(tag, (sender) => {
    const mailer = mailers.get(sender)
    return mailer === undefined ? Effect.dieMessage(`${tag.key} is not a memory mailer.`) : Effect.succeed(mailer)
  })
