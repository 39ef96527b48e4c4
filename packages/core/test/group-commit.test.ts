import { describe, expect, it } from "vitest"
import { Effect, Exit, Option } from "effect"
import { groupCommit, toEveryAsker, toFirstAskers } from "../src/platform/GroupCommit.js"

describe("groupCommit", () => {
  it("commits the items of one event-loop turn together, answering each its own result", async () => {
    const groups: Array<ReadonlyArray<number>> = []
    const answers = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const submit = yield* groupCommit(
            (items: ReadonlyArray<number>) => Effect.sync(() => (groups.push(items), items.map((item) => item * 10))),
            { max: 4, committers: 1 }
          )
          return yield* Effect.all(
            Array.from({ length: 10 }, (_, i) => submit(i)),
            { concurrency: "unbounded" }
          )
        })
      )
    )
    expect(answers).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
    // Ten items, at most four a group: three groups, in the order offered.
    expect(groups).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9]
    ])
  })

  it("fails every caller of a group that fails, and goes on committing later groups", async () => {
    const exits = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          let calls = 0
          const submit = yield* groupCommit(
            (items: ReadonlyArray<string>) =>
              ++calls === 1 ? Effect.fail("refused" as const) : Effect.succeed(items.map((item) => `${item}!`)),
            { max: 10, committers: 1 }
          )
          const first = yield* Effect.all([submit("a"), submit("b")].map(Effect.exit), { concurrency: "unbounded" })
          const later = yield* Effect.exit(submit("c"))
          return [...first, later]
        })
      )
    )
    expect(exits).toEqual([Exit.fail("refused"), Exit.fail("refused"), Exit.succeed("c!")])
  })

  it("hands each claimed row back to the first asker of its key only, and each row read to every asker", () => {
    const a = { tenantId: "t1", id: "a", n: 1 }
    const b = { tenantId: "t2", id: "a", n: 2 }
    const keys = [
      { tenantId: "t1", id: "a" },
      { tenantId: "t2", id: "a" },
      { tenantId: "t1", id: "a" },
      { tenantId: "t1", id: "missing" }
    ]
    expect(toFirstAskers(keys, [b, a])).toEqual([Option.some(a), Option.some(b), Option.none(), Option.none()])
    expect(toEveryAsker(keys, [b, a])).toEqual([Option.some(a), Option.some(b), Option.some(a), Option.none()])
  })
})
