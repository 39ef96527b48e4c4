import { Notice } from "../Components.js"

/** Text with one entry a line as a list, blank lines dropped. */
export const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")

/** What a save said: saved, or why not. */
export type Outcome = { readonly tone: "info" | "error"; readonly text: string } | undefined

export const OutcomeNotice = (props: { readonly outcome: Outcome }) =>
  props.outcome === undefined ? null : <Notice tone={props.outcome.tone}>{props.outcome.text}</Notice>
