import { describe, expect, it } from "vitest"
import type { PackParameter } from "../src/automations/marketplace/Pack.js"
import { compareVersions } from "../src/automations/marketplace/Pack.js"
import {
  checkValues,
  fillParameters,
  fillWith,
  parameterProblems,
  valueProblem
} from "../src/automations/marketplace/PackParameters.js"
import { waitOutcome, waitSeconds } from "../src/automations/steps/WaitStep.js"

const emails: PackParameter = { type: "array", items: { type: "string", format: "email" }, minItems: 1, maxItems: 2 }

describe("pack parameters", () => {
  it.each<[PackParameter, unknown, string | undefined]>([
    [{ type: "string" }, "ok", undefined],
    [{ type: "string" }, "nul\u0000", "must be a string"],
    [{ type: "string", maxLength: 3 }, "four", "must be 0 to 3 characters"],
    [{ type: "string", format: "email" }, "ada@example.test", undefined],
    [{ type: "string", format: "email" }, "not an address", "must be an email address"],
    // A run variable is checked once the run fills it in.
    [{ type: "string", format: "email" }, "{{payload.email}}", undefined],
    [{ type: "string", format: "uri" }, "javascript:alert(1)", "must be an http or https URL"],
    [{ type: "string", format: "uuid" }, "00000000-0000-4000-8000-000000000000", undefined],
    [{ type: "string", enum: ["a", "b"] }, "c", 'must be one of "a", "b"'],
    [{ type: "integer", minimum: 0, maximum: 23 }, 24, "must be at most 23"],
    [{ type: "integer" }, 1.5, "must be a whole number"],
    [{ type: "number" }, Number.NaN, "must be a number"],
    [{ type: "boolean" }, "true", "must be true or false"],
    [emails, ["a@example.test"], undefined],
    [emails, [], "must list 1 to 2 items"],
    [emails, ["a@example.test", "nope"], "item 1 must be an email address"],
    [emails, "a@example.test", "must be a list"]
  ])("%j with %j: %s", (parameter, value, problem) => {
    expect(valueProblem(parameter, value)).toBe(problem)
  })

  it("finds keywords for another type, bounds the wrong way round and defaults the schema refuses", () => {
    expect(parameterProblems("n", { type: "integer", format: "email", maxLength: 3 }).map((p) => p.field)).toEqual([
      "parameters.n.format",
      "parameters.n.maxLength"
    ])
    expect(parameterProblems("n", { type: "integer", minimum: 5, maximum: 1 })).toEqual([
      { field: "parameters.n.minimum", reason: "must not be more than maximum" }
    ])
    expect(parameterProblems("t", { type: "string", enum: ["a"], default: "b" })).toEqual([
      { field: "parameters.t.default", reason: 'must be one of "a"' }
    ])
    expect(parameterProblems("t", { type: "string", enum: ["a", 2] })).toEqual([
      { field: "parameters.t.enum.1", reason: "must be a string" }
    ])
    expect(parameterProblems("ok", { type: "integer", minimum: 0, maximum: 23, default: 8 })).toEqual([])
  })

  it("checks values: required without a default, unknown names refused, defaults fill the rest", () => {
    const parameters = { to: emails, hour: { type: "integer", default: 8 } } satisfies Record<string, PackParameter>
    expect(checkValues(parameters, {})).toEqual([{ field: "parameters.to", reason: "is required" }])
    expect(checkValues(parameters, { to: ["a@example.test"], extra: 1 })).toEqual([
      { field: "parameters.extra", reason: "is not a parameter of this pack" }
    ])
    expect(checkValues(parameters, { to: ["a@example.test"] })).toEqual([])
    const fill = fillWith(parameters, { to: ["a@example.test", "b@example.test"] })
    expect(fill({ to: "{{params.to}}", cron: "0 {{ params.hour }} * * *", note: "for {{params.to}}" })).toEqual({
      to: ["a@example.test", "b@example.test"],
      cron: "0 8 * * *",
      note: "for a@example.test, b@example.test"
    })
  })

  it("fills parameters only: run variables and unknown names stay for the run", () => {
    const resolve = (name: string) => (name === "n" ? 3 : undefined)
    expect(fillParameters("{{params.n}}", resolve)).toBe(3)
    expect(fillParameters("{{payload.x}} and {{params.n}} and {{params.other}}", resolve)).toBe(
      "{{payload.x}} and 3 and {{params.other}}"
    )
    // Text that does not parse is left as written (publishing refuses it before it gets here).
    expect(fillParameters("{{ broken", resolve)).toBe("{{ broken")
    expect(fillParameters([{ a: "{{params.n}}" }, 1, null], resolve)).toEqual([{ a: 3 }, 1, null])
  })

  it("orders versions by number, not by text", () => {
    expect(["1.10.0", "1.2.0", "0.9.9", "1.2.10"].sort(compareVersions)).toEqual(["0.9.9", "1.2.0", "1.2.10", "1.10.0"])
  })
})

describe("wait steps", () => {
  it.each<[Record<string, unknown>, number | string]>([
    [{ seconds: 30 }, 30],
    [{ days: 2, hours: 1 }, 2 * 86_400 + 3_600],
    [{ minutes: 0, seconds: 1 }, 1],
    [{}, "seconds"],
    [{ seconds: 0 }, "seconds"],
    [{ days: 91 }, "seconds"],
    [{ hours: 1.5 }, "hours"],
    [{ minutes: -1 }, "minutes"],
    [{ seconds: "5" }, "seconds"]
  ])("%j: %s", (step, expected) => {
    const seconds = waitSeconds({ type: "wait", ...step })
    expect(typeof seconds === "number" ? seconds : seconds.field).toBe(expected)
  })

  it("waits from when the step started, and keeps its end when the run is taken up again", () => {
    const started = new Date("2026-11-26T10:00:00.000Z")
    const first = waitOutcome({ type: "wait", minutes: 10 }, undefined, started, new Date("2026-11-26T10:00:00.005Z"))
    expect(first).toMatchObject({
      kind: "pending",
      status: "waiting_timer",
      until: new Date("2026-11-26T10:10:00.000Z")
    })
    const previous = {
      index: 0,
      type: "wait",
      name: null,
      status: "waiting_timer" as const,
      output: { until: "2026-11-26T10:10:00.000Z" },
      outputText: null,
      error: null,
      attempt: 1,
      approved: false,
      worker: null,
      startedAt: started,
      finishedAt: null
    }
    // Taken up early (a worker's clock, a sweep): still waiting for the same end.
    const early = waitOutcome(
      { type: "wait", minutes: 10 },
      previous,
      new Date("2026-11-26T10:09:00Z"),
      new Date("2026-11-26T10:09:00Z")
    )
    expect(early).toMatchObject({ kind: "pending", until: new Date("2026-11-26T10:10:00.000Z") })
    const over = waitOutcome(
      { type: "wait", minutes: 10 },
      previous,
      new Date("2026-11-26T10:10:01Z"),
      new Date("2026-11-26T10:10:01Z")
    )
    expect(over).toEqual({
      kind: "done",
      output: {
        output: { waitedUntil: "2026-11-26T10:10:00.000Z" },
        outputText: "Waited until 2026-11-26T10:10:00.000Z"
      }
    })
  })
})
