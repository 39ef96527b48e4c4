import { Context, type Effect } from "effect"

/**
 * What a waiting run waits for. One primitive for every kind of wait: a run blocks on a waitpoint,
 * and completing it (a decision, a node's answer, the time coming) queues the run again through one
 * path (runs/Waitpoints.ts).
 *
 * - `approval`: a person decides the approval `resourceId`; due when the approval expires.
 * - `timer`: a wait step; due when its time is over.
 * - any other kind names work a skill started elsewhere (`node_command`: a companion node runs the
 *   command `resourceId`), which answers by completing it; due when that work's time is up.
 */
export type WaitpointKind = "approval" | "timer" | (string & {})

export const WAITPOINT_STATUSES = ["waiting", "completed", "timed_out", "cancelled"] as const
/**
 * `completed`: what it waited for came; `timed_out`: its due time passed first (the run goes on
 * to find out what that means for its step); `cancelled`: its run was cancelled, or failed.
 */
export type WaitpointStatus = (typeof WAITPOINT_STATUSES)[number]

export interface Waitpoint {
  readonly id: string
  readonly tenantId: string
  readonly runId: string
  /** The step of the run that waits. */
  readonly stepIndex: number
  readonly kind: WaitpointKind
  readonly status: WaitpointStatus
  /** What it waits on: the approval's id, the node command's id; null for a timer. */
  readonly resourceId: string | null
  /** When the sweep acts on it if nothing completed it first. */
  readonly dueAt: Date
  readonly createdAt: Date
  readonly completedAt: Date | null
}

/**
 * Ends the work outside the run that a waitpoint of a skill's kind stands for, once its run was
 * cancelled (a node command that is no longer waited for is not left open). The product that owns
 * the kind provides it; kinds it does not know are left as they are.
 */
export class WaitingWork extends Context.Tag("@servicekit/core/WaitingWork")<
  WaitingWork,
  { readonly cancel: (waitpoint: Waitpoint, at: Date) => Effect.Effect<void> }
>() {}
