import type { ReportParts } from "@servicekit/core/internal"
import type { TestKit } from "./support.js"

/** A tenant that sends mail, and a key of it for `scopes` (live unless told). */
export const mailTenant = async (t: TestKit, name: string) => {
  const { id } = await t.createTenant(["transactional", "business_email"], name)
  const key = async (scopes: Array<string>, environment: "live" | "test" = "live") =>
    (await t.createKey(id, "transactional", { scopes, environment })).key
  return { id, key }
}

/** A delivery status notification's status part, as the inbound listener hands it over. */
export const dsn = (recipient: string, status: string, diagnostic: string): ReportParts => ({
  deliveryStatus: `Reporting-MTA: dns; mx.customer.example\n\nFinal-Recipient: rfc822; ${recipient}\nAction: failed\nStatus: ${status}\nDiagnostic-Code: smtp; ${diagnostic}\n`
})
