import { formatJson } from "./Types.js"

/** An agent step's turn as the step stores it in `output.turns`. */
interface Turn {
  readonly turn: number
  readonly label: string
  readonly reply: string
  readonly call: { readonly skillId: string; readonly input: unknown } | null
  readonly verdict: string
  readonly feedback: string | null
}

const isTurn = (value: unknown): value is Turn =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Turn).turn === "number" &&
  typeof (value as Turn).reply === "string" &&
  typeof (value as Turn).verdict === "string"

/** The turns an agent step stored in its output, if it is one. */
export const turnsOf = (output: unknown): ReadonlyArray<Turn> => {
  const turns = (output as { readonly turns?: unknown } | null)?.turns
  return Array.isArray(turns) ? turns.filter(isTurn) : []
}

/** An agent step's conversation: each reply, the tool it called, the gate's verdict and what came back. */
export const Transcript = (props: { readonly turns: ReadonlyArray<Turn>; readonly label: string }) => (
  <ol class="transcript" aria-label={props.label}>
    {props.turns.map((turn) => (
      <li key={turn.turn} class="turn">
        <p class="turn-meta">
          Turn {turn.turn} · {turn.label} · <span class="tag">{turn.verdict}</span>
        </p>
        <p class="turn-part">Reply</p>
        <pre class="code">{turn.reply}</pre>
        {turn.call === null ? null : (
          <>
            <p class="turn-part">
              Tool call <span class="mono">{turn.call.skillId}</span>
            </p>
            <pre class="code">{formatJson(turn.call.input)}</pre>
          </>
        )}
        {turn.feedback === null ? null : (
          <>
            <p class="turn-part">Result</p>
            <pre class="code">{turn.feedback}</pre>
          </>
        )}
      </li>
    ))}
  </ol>
)
