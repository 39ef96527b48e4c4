import { Config } from "effect"
import { defineSettings } from "../module/ModuleSettings.js"
import { defaultSettings } from "../platform/Settings.js"

/** Transactional email's host options. */
export interface TransactionalOptions {
  /** The sender of transactional email: `Name <address>` or an address. */
  readonly mailFrom: string
}

const MAILBOX = /^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/

/** SERVICEKIT_MAIL_FROM, checked once an option may have replaced it. */
export const transactionalSettings = defineSettings<TransactionalOptions>({
  environment: () =>
    Config.all({ mailFrom: Config.string("SERVICEKIT_MAIL_FROM").pipe(Config.withDefault(defaultSettings.mailFrom)) }),
  check: ({ mailFrom }) =>
    MAILBOX.test(mailFrom.trim())
      ? undefined
      : `Invalid SERVICEKIT_MAIL_FROM: "${mailFrom}" is not an address or Name <address>`,
  settings: ({ mailFrom }) => ({ mailFrom })
})
