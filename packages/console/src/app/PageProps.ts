import type { Client } from "@servicekit/client"
import type { Kit } from "./Api.js"
import type { Session } from "./Session.js"

/**
 * What every page of the console is given: the kit it talks to, who is signed in, the client, and
 * the products the tenant is entitled to (read once when the console opens).
 */
export interface PageProps {
  readonly kit: Kit
  readonly session: Session
  readonly client: Client
  readonly entitlements: ReadonlyArray<string>
}
