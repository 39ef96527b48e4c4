import type { Client, Data } from "@servicekit/client"
import { useEffect, useRef, useState } from "preact/hooks"

/** The statuses a conversation moves between, in the order the console offers them. */
export const STATUSES = ["open", "pending", "resolved", "closed"] as const

/** A conversation as the signed-in agent sees it: with what they have read of it. */
export type Conversation = Data<"chatDashboard.getAgentConversation">
/** A conversation as the stream tells every agent of the tenant: without anyone's reads. */
export type SharedConversation = Omit<Conversation, "lastReadSequence" | "unreadCount">
export type Message = Data<"chatDashboard.replyAsAgent">
export type Note = Data<"chatDashboard.addAgentNote">

export type InboxEvent =
  | { readonly kind: "resync" }
  | { readonly kind: "conversation"; readonly conversation: SharedConversation }
  | { readonly kind: "message"; readonly message: Message }
  /** A private note, for agents only. */
  | { readonly kind: "note"; readonly note: Note }
  /** An agent's read mark moved (in another tab, say). */
  | { readonly kind: "read"; readonly conversationId: string; readonly readerId: string; readonly lastReadSequence: number }
  /** The visitor of `conversationId` is writing: said every few seconds while they do, never stored. */
  | { readonly kind: "typing"; readonly conversationId: string }

/** The stream's state of a conversation with the agent's read mark as last known (0: never read). */
export const withRead = (conversation: SharedConversation, lastReadSequence: number): Conversation => {
  const read = Math.min(lastReadSequence, conversation.messageCount)
  return { ...conversation, lastReadSequence: read, unreadCount: conversation.messageCount - read }
}

/** What a list shows as the conversation's title. */
export const titleOf = (conversation: SharedConversation) => conversation.title ?? "Untitled conversation"

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
          else if (event.event === "note") handler.current({ kind: "note", note: JSON.parse(event.data) })
          else if (event.event === "read") handler.current({ kind: "read", ...JSON.parse(event.data) })
          else if (event.event === "typing") handler.current({ kind: "typing", conversationId: JSON.parse(event.data).conversationId })
        }
      } catch {
        // Refused (the token ended): the client's 401 handler signs out.
      }
    })()
    return () => stream.close()
  }, [client, tenantId])
}

/** Whether the visitor is typing: said by the stream within the last six seconds, and no message of theirs since. */
export const useTyping = (saidAt: number | undefined, messages: ReadonlyArray<Message>) => {
  const [typing, setTyping] = useState(false)
  const lastFromVisitor = messages.filter((message) => message.authorType === "visitor").at(-1)?.createdAt
  useEffect(() => {
    if (saidAt === undefined) return
    setTyping(true)
    const timer = setTimeout(() => setTyping(false), 6_000)
    return () => clearTimeout(timer)
  }, [saidAt])
  useEffect(() => setTyping(false), [lastFromVisitor])
  return typing
}
