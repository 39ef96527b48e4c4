import { Context, type Effect, type Option } from "effect"
import type { ValidationFailed } from "../platform/Errors.js"

/** A sending domain's DKIM key, as a mail server's signer takes it. */
export interface DkimKey {
  readonly domainName: string
  readonly keySelector: string
  /** PKCS#8 PEM. */
  readonly privateKey: string
}

/** How mail from one of a tenant's domains goes out: signed with its key, bounces to its own subdomain once published. */
export interface SendingDomain {
  readonly dkim: DkimKey
  /** The domain of its Return-Path (`bounces.mail.example.com`) once its CNAME is published; the platform's otherwise. */
  readonly returnPathDomain: string | undefined
}

/**
 * The tenants' own sending domains, as the products that send mail see them: whether a tenant may
 * send from an address, and the key its mail from there is signed with.
 */
export class SenderDomains extends Context.Tag("@servicekit/core/SenderDomains")<
  SenderDomains,
  {
    /** Refused (naming `field`) unless `address` is on one of the tenant's verified sending domains. */
    readonly requireVerified: (tenantId: string, address: string, field: string) => Effect.Effect<void, ValidationFailed>
    /** How mail from `address` goes out, if the tenant has the domain it is on. */
    readonly sendingFrom: (tenantId: string, address: string) => Effect.Effect<Option.Option<SendingDomain>>
  }
>() {}

/** The domain of an address, lowercase (`ada@Mail.Example.com` is `mail.example.com`). */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf("@") + 1).toLowerCase()
