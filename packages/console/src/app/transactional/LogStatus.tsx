import type { PageItem } from "@servicekit/client"
import { href } from "../Route.js"
import { reasonWords } from "./SuppressionReasons.js"

export type LogEntry = PageItem<"transactionalDashboard.listDashboardLogs">

/** A metadata value that is text, or undefined. */
const textOf = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined)

/** The message a log row is about, when the row says. */
export const messageIdOf = (entry: LogEntry) => textOf(entry.metadata.messageId)

/** A row's status in words and the badge class that colours it. */
const badgeOf = (entry: LogEntry): { readonly label: string; readonly tone: string } => {
  switch (entry.status) {
    case "sent":
      return { label: "Sent", tone: "sent" }
    case "failed":
      return entry.metadata.retrying === true ? { label: "Retrying", tone: "deferred" } : { label: "Failed", tone: "failed" }
    case "suppressed":
      return { label: "Suppressed", tone: "suppressed" }
    case "delivered":
      return { label: "Delivered", tone: "delivered" }
    case "deferred":
      return { label: "Deferred", tone: "deferred" }
    case "bounced":
      return entry.metadata.bounce === "hard"
        ? { label: "Hard bounce", tone: "bounced" }
        : entry.metadata.bounce === "soft"
          ? { label: "Soft bounce", tone: "deferred" }
          : { label: "Bounced", tone: "bounced" }
    case "complained":
      return { label: "Spam complaint", tone: "complained" }
  }
}

/** A log row's status as a badge, and a tag when a test key sent it. */
export const LogBadge = (props: { readonly entry: LogEntry }) => {
  const { label, tone } = badgeOf(props.entry)
  return (
    <>
      <span class={`status ${tone}`}>{label}</span>
      {props.entry.metadata.test === true ? <span class="tag">test</span> : null}
    </>
  )
}

/** What the remote side answered: its enhanced status code and its words, as one line. */
const RemoteAnswer = (props: { readonly entry: LogEntry; readonly answer: string | null | undefined }) => {
  const line = [textOf(props.entry.metadata.status), props.answer].filter(Boolean).join(" ")
  return line === "" ? null : <span class="block mono small">{line}</span>
}

/**
 * What a row says beyond its status: the mail server's id for a sent message, its answer for a
 * failure or a report, why a message was not attempted. All of it is text the remote side or the
 * tenant chose, shown as text.
 */
export const LogDetail = (props: { readonly entry: LogEntry }) => {
  const { entry } = props
  switch (entry.status) {
    case "sent":
      return <span class="mono small">{entry.providerMessageId ?? "—"}</span>
    case "failed":
      return (
        <>
          <span class="mono small">{entry.error ?? "—"}</span>
          {entry.metadata.retrying === true ? <span class="block muted small">Another attempt follows.</span> : null}
        </>
      )
    case "suppressed":
      return (
        <span class="small">
          Not attempted: the address is on the <a href={href("/transactional/suppressions")}>suppression list</a>
          {entry.error === null ? "" : ` (${reasonWords(entry.error).toLowerCase()})`}.
        </span>
      )
    case "delivered":
      return (
        <>
          <span class="block small">The receiving server reported it delivered.</span>
          <RemoteAnswer entry={entry} answer={textOf(entry.metadata.diagnostic)} />
        </>
      )
    case "deferred":
      return (
        <>
          <span class="block small">The receiving side is still trying to deliver it.</span>
          <RemoteAnswer entry={entry} answer={entry.error} />
        </>
      )
    case "bounced":
      return (
        <>
          {entry.metadata.bounce === "hard" ? (
            <span class="block small">The address does not take mail: it is suppressed from now on.</span>
          ) : entry.metadata.bounce === "soft" ? (
            <span class="block small">Not delivered this time; the address is not suppressed.</span>
          ) : null}
          <RemoteAnswer entry={entry} answer={entry.error} />
        </>
      )
    case "complained":
      return (
        <span class="small">
          The recipient reported it as spam
          {textOf(entry.metadata.feedbackType) === undefined ? "" : ` (${textOf(entry.metadata.feedbackType)})`}: the address
          is suppressed from now on.
        </span>
      )
  }
}
