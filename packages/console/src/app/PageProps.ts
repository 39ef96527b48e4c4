import type { Client } from "@servicekit/client"
import type { Kit } from "./Api.js"
import type { Session } from "./Session.js"

/** What every page of the console is given: the kit it talks to, who is signed in, and the client. */
export interface PageProps {
  readonly kit: Kit
  readonly session: Session
  readonly client: Client
}
