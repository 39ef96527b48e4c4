import { Context, Effect, Layer, Option } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import { type ChatAppearance, defaultAppearance } from "./Appearance.js"
import { type AssignmentRules, defaultAssignmentRules } from "./Assignment.js"
import type { Widget } from "./Chat.js"
import { type FileRules, defaultFileRules } from "./ChatFiles.js"
import { type WorkingHours, defaultWorkingHours } from "./WorkingHours.js"

/** A widget as it is first stored: without an identity secret, looking as the platform's brand. */
export type NewWidget = Pick<Widget, "tenantId" | "siteKey" | "createdAt">

export class WidgetRepository extends Context.Tag("@servicekit/core/WidgetRepository")<
  WidgetRepository,
  {
    /** The tenant's widget; `widget` is stored first when the tenant has none (one per tenant, also under races). */
    readonly ensure: (widget: NewWidget) => Effect.Effect<Widget>
    /** The tenant's widget, if it has one. */
    readonly find: (tenantId: string) => Effect.Effect<Option.Option<Widget>>
    /** Across tenants: the site key names its tenant. */
    readonly findBySiteKey: (siteKey: string) => Effect.Effect<Option.Option<Widget>>
    /** Replaces the tenant's identity secret (sealed); the widget after it, None without one. */
    readonly setIdentitySecret: (tenantId: string, sealed: string, at: Date) => Effect.Effect<Option.Option<Widget>>
    /** Replaces the tenant's appearance; the widget after it, None without one. */
    readonly setAppearance: (tenantId: string, appearance: ChatAppearance) => Effect.Effect<Option.Option<Widget>>
    /** Replaces the tenant's file rules; the widget after it, None without one. */
    readonly setFileRules: (tenantId: string, rules: FileRules) => Effect.Effect<Option.Option<Widget>>
    /** Replaces the tenant's assignment rules; the widget after it, None without one. */
    readonly setAssignment: (tenantId: string, rules: AssignmentRules) => Effect.Effect<Option.Option<Widget>>
    /**
     * The tenant's widget, held until the unit of work ends (SELECT … FOR UPDATE): one assignment
     * pass at a time per tenant. None without one.
     */
    readonly holdForAssignment: (tenantId: string) => Effect.Effect<Option.Option<Widget>>
    readonly setAssignmentCursor: (tenantId: string, agentId: string) => Effect.Effect<void>
    /** Replaces the tenant's working hours; the widget after it, None without one. */
    readonly setWorkingHours: (tenantId: string, hours: WorkingHours) => Effect.Effect<Option.Option<Widget>>
  }
>() {
  static readonly layerMemory: Layer.Layer<WidgetRepository, never, MemoryDatabase> = Layer.effect(
    WidgetRepository,
    Effect.map(MemoryDatabase, (db) => {
      const byTenant = new Map<string, Widget>()
      db.holdsTenantRows("chat_widgets", tenantRowsOf(byTenant, (widget) => widget.tenantId))
      const change = (tenantId: string, fields: Partial<Widget>) =>
        db.run((undo) => {
          const stored = byTenant.get(tenantId)
          if (stored === undefined) return Option.none()
          const changed = { ...stored, ...fields }
          byTenant.set(tenantId, changed)
          undo(() => byTenant.set(tenantId, stored))
          return Option.some(changed)
        })
      return WidgetRepository.of({
        ensure: (widget) =>
          db.run((undo) => {
            const stored = byTenant.get(widget.tenantId)
            if (stored !== undefined) return stored
            byTenant.set(widget.tenantId, {
              ...widget,
              identitySecret: null,
              identitySecretAt: null,
              appearance: defaultAppearance,
              fileRules: defaultFileRules,
              assignment: defaultAssignmentRules,
              assignmentCursor: null,
              workingHours: defaultWorkingHours
            })
            undo(() => byTenant.delete(widget.tenantId))
            return byTenant.get(widget.tenantId)!
          }),
        find: (tenantId) => db.run(() => Option.fromNullable(byTenant.get(tenantId))),
        findBySiteKey: (siteKey) =>
          db.run(() => Option.fromNullable([...byTenant.values()].find((widget) => widget.siteKey === siteKey))),
        setIdentitySecret: (tenantId, sealed, at) => change(tenantId, { identitySecret: sealed, identitySecretAt: at }),
        setAppearance: (tenantId, appearance) => change(tenantId, { appearance }),
        setFileRules: (tenantId, fileRules) => change(tenantId, { fileRules }),
        setAssignment: (tenantId, assignment) => change(tenantId, { assignment }),
        // Memory units of work run one at a time: holding is reading.
        holdForAssignment: (tenantId) => db.run(() => Option.fromNullable(byTenant.get(tenantId))),
        setAssignmentCursor: (tenantId, assignmentCursor) => Effect.asVoid(change(tenantId, { assignmentCursor })),
        setWorkingHours: (tenantId, workingHours) => change(tenantId, { workingHours })
      })
    })
  )
}
