import type { Client, Data } from "@servicekit/client"
import { useEffect, useRef } from "preact/hooks"

/** The statuses a conversation moves between, in the order the console offers them. */
export const STATUSES = ["open", "pending", "resolved", "closed"] as const

export type Conversation = Data<"chatDashboard.getAgentConversation">
export type Message = Data<"chatDashboard.replyAsAgent">

export type InboxEvent =
  | { readonly kind: "resync" }
  | { readonly kind: "conversation"; readonly conversation: Conversation }
  | { readonly kind: "message"; readonly message: Message }

/**
 * Follows the tenant's inbox stream while the page is open and hands each event to `onEvent`
 * (the latest one given). `resync` comes first on every connection: the page refetches then.
 */
export const useInboxStream = (client: Client, tenantId: string, onEvent: (event: InboxEvent) => void) => {
  const handler = useRef(onEvent)
  handler.current = onEvent
  useEffect(() => {
    const stream = client.chatDashboard.followInbox({ path: { tenantId } })
    void (async () => {
      try {
        for await (const event of stream) {
          if (event.event === "resync") handler.current({ kind: "resync" })
          else if (event.event === "conversation") handler.current({ kind: "conversation", conversation: JSON.parse(event.data) })
          else if (event.event === "message") handler.current({ kind: "message", message: JSON.parse(event.data) })
        }
      } catch {
        // Refused (the token ended): the client's 401 handler signs out.
      }
    })()
    return () => stream.close()
  }, [client, tenantId])
}
