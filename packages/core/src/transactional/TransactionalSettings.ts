import { Config } from "effect"
import { DOMAIN_NAME, defineSettings, optionalVariable } from "../module/ModuleSettings.js"
import { defaultSettings } from "../platform/Settings.js"

/** Transactional email's host options. */
export interface TransactionalOptions {
  /** The sender of transactional email: `Name <address>` or an address. */
  readonly mailFrom: string
  /**
   * The platform's bounce domain (`bounces.platform.example`), whose MX points at the inbound SMTP
   * listener: each message's Return-Path is an address of its own there, so bounces and complaints
   * map back to it. Unset, mail goes out with its From address as the envelope sender.
   */
  readonly mailBounceDomain: string | undefined
}

const MAILBOX = /^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/

/** SERVICEKIT_MAIL_FROM and SERVICEKIT_MAIL_BOUNCE_DOMAIN, checked once an option may have replaced them. */
export const transactionalSettings = defineSettings<TransactionalOptions>({
  environment: () =>
    Config.all({
      mailFrom: Config.string("SERVICEKIT_MAIL_FROM").pipe(Config.withDefault(defaultSettings.mailFrom)),
      mailBounceDomain: optionalVariable("SERVICEKIT_MAIL_BOUNCE_DOMAIN")
    }),
  check: ({ mailBounceDomain, mailFrom }) =>
    !MAILBOX.test(mailFrom.trim())
      ? `Invalid SERVICEKIT_MAIL_FROM: "${mailFrom}" is not an address or Name <address>`
      : mailBounceDomain !== undefined && !DOMAIN_NAME.test(mailBounceDomain)
        ? `Invalid SERVICEKIT_MAIL_BOUNCE_DOMAIN: "${mailBounceDomain}" is not a domain name`
        : undefined,
  settings: ({ mailBounceDomain, mailFrom }) => ({ mailFrom, mailBounceDomain: mailBounceDomain?.toLowerCase() })
})
