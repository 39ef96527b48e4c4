import { Config } from "effect"
import { DOMAIN_NAME, defineSettings, optionalVariable } from "../module/ModuleSettings.js"

/** Sending domains' host options. */
export interface MailDomainsOptions {
  /**
   * The platform's SPF domain (`spf.platform.example`): tenants are asked to include it in their
   * domain's SPF record. Unset, no SPF record is asked for.
   */
  readonly mailSpfInclude: string | undefined
}


/** SERVICEKIT_MAIL_SPF_INCLUDE, checked once an option may have replaced it. */
export const mailDomainsSettings = defineSettings<MailDomainsOptions>({
  environment: () => Config.all({ mailSpfInclude: optionalVariable("SERVICEKIT_MAIL_SPF_INCLUDE") }),
  check: ({ mailSpfInclude }) =>
    mailSpfInclude === undefined || DOMAIN_NAME.test(mailSpfInclude)
      ? undefined
      : `Invalid SERVICEKIT_MAIL_SPF_INCLUDE: "${mailSpfInclude}" is not a domain name`,
  settings: ({ mailSpfInclude }) => ({ mailSpfInclude: mailSpfInclude?.toLowerCase() })
})
