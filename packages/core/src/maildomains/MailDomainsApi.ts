import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Timestamp, Uuid, UuidText, withReason, withoutNul } from "../http/Schemas.js"
import { ApiKeyOrDashboardAuth, RequiredScope } from "../http/Security.js"
import { PermissionDenied, TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import { DnsLookupUnavailable, MailDomainConflict, MailDomainNotFound } from "./MailDomainErrors.js"

export const MAIL_DOMAINS_SCOPE = "domains:manage"

const DomainRecordJson = Schema.Struct({
  purpose: Schema.Literal("dkim", "spf", "dmarc", "return_path").annotations({
    description:
      "dkim: the key the kit signs with (required); spf and dmarc: recommended by mailbox providers; return_path: the subdomain bounces come back to (a CNAME to the platform's bounce domain, when it has one): once published, the domain's mail carries a Return-Path there, aligned with its From for DMARC."
  }),
  type: Schema.Literal("TXT", "CNAME"),
  name: Schema.String.annotations({ description: "Where to publish it (the full name)." }),
  value: Schema.String.annotations({ description: "What to publish, exactly." }),
  required: Schema.Boolean,
  status: Schema.Literal("unchecked", "ok", "missing", "wrong").annotations({
    description: "What the last check found: unchecked before the first, missing (no such record), wrong (another value)."
  }),
  found: Schema.Array(Schema.String).annotations({ description: "The records found at the name that bear on it." })
}).annotations({ identifier: "MailDomainRecord" })

export const MailDomainJson = Schema.Struct({
  id: UuidText,
  domain: Schema.String,
  status: Schema.Literal("pending", "verified", "failed").annotations({
    description:
      "pending: its DKIM record is not published yet; verified: it is, and mail from the domain is signed; failed: the record is wrong, or went away (`failure` says which)."
  }),
  failure: Schema.NullOr(Schema.String),
  dkimSelector: Schema.String,
  records: Schema.Array(DomainRecordJson),
  checkedAt: Schema.NullOr(Timestamp),
  verifiedAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp
}).annotations({ identifier: "MailDomain" })

const DomainPath = Schema.Struct({ id: Uuid })
const AddBody = Schema.Struct({
  domain: withReason(withoutNul(Schema.String.pipe(Schema.maxLength(253))), "must be a domain name of at most 253 characters")
})

/** A tenant's sending domains: by an API key with domains:manage or a dashboard token (admins change them). */
export class MailDomainsApi extends HttpApiGroup.make("mailDomains")
  .add(
    HttpApiEndpoint.post("addMailDomain", "/transactional/domains")
      .setPayload(AddBody)
      .addSuccess(MailDomainJson, { status: 201 })
      .addError(ValidationFailed)
      .addError(MailDomainConflict)
      .addError(TenantNotFound)
      .annotate(OpenApi.Summary, "Add a sending domain")
      .annotate(
        OpenApi.Description,
        "Makes the domain's DKIM key (2048-bit RSA; the private key sealed at rest and never shown) and answers the records to publish: the DKIM TXT record (required), a DMARC record, when the platform names its SPF domain an SPF record, and when it has a bounce domain a return-path CNAME (recommended). Then publish them and call verify. The account needs Business Email; at most 50 domains."
      )
  )
  .add(
    HttpApiEndpoint.get("listMailDomains", "/transactional/domains")
      .addSuccess(Schema.Struct({ data: Schema.Array(MailDomainJson) }))
      .annotate(OpenApi.Summary, "List the sending domains, by name")
  )
  .add(
    HttpApiEndpoint.get("getMailDomain", "/transactional/domains/:id")
      .setPath(DomainPath)
      .addSuccess(MailDomainJson)
      .addError(MailDomainNotFound)
      .annotate(OpenApi.Summary, "Get a sending domain")
  )
  .add(
    HttpApiEndpoint.post("verifyMailDomain", "/transactional/domains/:id/verify")
      .setPath(DomainPath)
      .addSuccess(MailDomainJson)
      .addError(MailDomainNotFound)
      .addError(DnsLookupUnavailable)
      .annotate(OpenApi.Summary, "Check a sending domain's records now")
      .annotate(
        OpenApi.Description,
        "Reads each record from DNS (SERVICEKIT_DNS_SERVERS, or the system's resolvers) and answers, per record, what is missing or wrong. The domain is verified while its DKIM record carries its key, and failed when that record is wrong or goes away; the kit also checks every domain again every six hours."
      )
  )
  .add(
    HttpApiEndpoint.del("deleteMailDomain", "/transactional/domains/:id")
      .setPath(DomainPath)
      .addSuccess(HttpApiSchema.Empty(204))
      .addError(MailDomainNotFound)
      .annotate(OpenApi.Summary, "Delete a sending domain and its DKIM key")
  )
  .addError(PermissionDenied)
  .middleware(ApiKeyOrDashboardAuth)
  .annotate(RequiredScope, MAIL_DOMAINS_SCOPE)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Sending domains")
  .annotate(
    OpenApi.Description,
    "Domains a tenant's mail is signed for, with DKIM (API key with domains:manage, or a dashboard token; changes need a tenant admin)."
  ) {}
