import { useState } from "preact/hooks"
import { Loading, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { formatJson } from "./Types.js"

const PAGE = 100

/** A long entry scrolls within its box: focusable, so that the keyboard scrolls it too. */
const Code = (props: { readonly children: string }) => (
  <pre class="code" tabIndex={0}>
    {props.children}
  </pre>
)

/**
 * A session's transcript in order: messages, tool calls and their results, and the summaries
 * compaction wrote in place of older entries (kept, never deleted). Later entries load on demand.
 */
export const SessionDetail = (props: PageProps & { readonly sessionId: string }) => {
  const [after, setAfter] = useState<number | undefined>(undefined)
  const [detail] = useLoad(
    () =>
      props.client.automationsDashboard.getDashboardSession({
        path: { id: props.sessionId },
        query: { limit: PAGE, after }
      }),
    [props.sessionId, after]
  )
  return (
    <>
      <PageHeader title="Session" lead="The transcript as the agent keeps it.">
        <a class="button small" href={href("/automations/sessions")}>
          All sessions
        </a>
      </PageHeader>
      <Loading loaded={detail}>
        {(session) => (
          <>
            <section class="card" aria-labelledby="session-title">
              <h2 id="session-title">{session.title ?? "Untitled session"}</h2>
              <dl class="facts">
                <dt>Scope</dt>
                <dd>{session.scope}</dd>
                <dt>Peer</dt>
                <dd>{session.peer ?? "—"}</dd>
                <dt>Compacted through</dt>
                <dd>{session.compactedThroughSeq === 0 ? "Never compacted" : `entry ${session.compactedThroughSeq}`}</dd>
                <dt>Tokens the model reads</dt>
                <dd>{session.tokenEstimate}</dd>
              </dl>
            </section>
            {session.messages.length === 0 ? (
              <div class="card empty">
                <h2>No entries{after === undefined ? "" : " after this point"}</h2>
              </div>
            ) : (
              <ol class="transcript card" aria-label="Transcript">
                {session.messages.map((entry) => (
                  <li key={entry.seq} class={`turn entry-${entry.role}`}>
                    <p class="turn-meta">
                      #{entry.seq} · <span class="tag">{entry.role}</span> · {formatTime(entry.createdAt)} · {entry.tokens}{" "}
                      tokens
                    </p>
                    {entry.covers === null ? null : (
                      <p class="turn-part">
                        Summary of entries {entry.covers.fromSeq} to {entry.covers.toSeq}
                      </p>
                    )}
                    {entry.content === "" ? null : <Code>{entry.content}</Code>}
                    {entry.toolCall === null ? null : (
                      <>
                        <p class="turn-part">
                          Tool call <span class="mono">{entry.toolCall.skillId}</span>
                        </p>
                        <Code>{formatJson(entry.toolCall.input)}</Code>
                      </>
                    )}
                  </li>
                ))}
              </ol>
            )}
            <div class="pager">
              <button type="button" class="button small" disabled={after === undefined} onClick={() => setAfter(undefined)}>
                First entries
              </button>
              <button
                type="button"
                class="button small"
                disabled={session.meta.nextAfter === null}
                onClick={() => setAfter(session.meta.nextAfter ?? undefined)}
              >
                Later entries
              </button>
            </div>
          </>
        )}
      </Loading>
    </>
  )
}
