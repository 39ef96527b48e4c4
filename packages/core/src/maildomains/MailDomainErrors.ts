import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class MailDomainNotFound extends Schema.TaggedError<MailDomainNotFound>()(
  "MailDomainNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such sending domain." }) },
  HttpApiSchema.annotations({ status: 404, description: "No sending domain with this id in this account (`mail_domain_not_found`)." })
) {}

/** The tenant has the domain already, or as many domains as it may. */
export class MailDomainConflict extends Schema.TaggedError<MailDomainConflict>()(
  "MailDomainConflict",
  { code: Schema.Literal("mail_domain_exists", "mail_domain_limit"), message: Schema.String },
  HttpApiSchema.annotations({
    status: 409,
    description: "`mail_domain_exists`: the account has this domain already; `mail_domain_limit`: it has as many as it may."
  })
) {}

/** DNS did not answer: the domain is left as it was. */
export class DnsLookupUnavailable extends Schema.TaggedError<DnsLookupUnavailable>()(
  "DnsLookupUnavailable",
  { message: Schema.String },
  HttpApiSchema.annotations({
    status: 503,
    description: "The DNS resolvers did not answer (`dns_lookup_unavailable`); the domain is unchanged. Try again."
  })
) {}
