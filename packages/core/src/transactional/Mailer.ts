import { Context, Data, type Effect } from "effect"
import type { DkimKey } from "../module/SenderDomains.js"

/** One email to one recipient, rendered and ready to hand to a mail server. */
export interface OutgoingMail {
  /** ServiceKit's id of the message; adapters put it in the `Message-ID` header and return it. */
  readonly messageId: string
  /** `Name <address>` or a bare address. */
  readonly from: string
  readonly to: string
  readonly subject: string
  /** At least one of html and text is present. */
  readonly html?: string | undefined
  readonly text?: string | undefined
  /** Extra headers, e.g. `X-ServiceKit-Tenant`. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** The envelope sender (SMTP `MAIL FROM`, the Return-Path) bounces go to; the From address without it. */
  readonly returnPath?: string | undefined
  /** Sign with this DKIM key (rsa-sha256): mail from a tenant's own sending domain. */
  readonly dkim?: DkimKey | undefined
}

/** What the mail server said when it took the message. */
export interface DeliveredMail {
  /** The `Message-ID` the mail carries (`<id@domain>`), or the server's own id where it gives one. */
  readonly providerMessageId: string
}

/**
 * The mail server did not take the message. `permanent` is true for answers that will not
 * change on a retry (SMTP 5xx: unknown mailbox, refused sender); false for 4xx answers,
 * refused connections, timeouts and dropped connections.
 */
export class MailRejected extends Data.TaggedError("MailRejected")<{
  readonly permanent: boolean
  readonly reason: string
  /** The SMTP reply code, when the server answered one. */
  readonly code?: number | undefined
}> {}

/** What every mail destination offers: hand over one message. */
export interface MailSender {
  readonly send: (mail: OutgoingMail) => Effect.Effect<DeliveredMail, MailRejected>
}

/** Hands rendered mail to a mail server (SMTP), a development mailbox or a test fake. */
export class Mailer extends Context.Tag("@servicekit/core/Mailer")<Mailer, MailSender>() {}

/**
 * Where mail sent with test-mode keys goes instead of its recipients: the development mailbox
 * (as Postmark's test token does), never a real recipient, whatever Mailer is configured.
 */
export class TestMailbox extends Context.Tag("@servicekit/core/TestMailbox")<TestMailbox, MailSender>() {}
