import { Effect } from "effect"
import { it } from "vitest"
import { expectJobSurvivesKill } from "./crash.js"
import { temporaryDatabase } from "./temporaryPostgres.js"

it(
  "pg-boss on Postgres: a job whose worker was killed (kill -9) runs again in another process",
  () =>
    Effect.runPromise(
      Effect.scoped(Effect.flatMap(temporaryDatabase, (url) => Effect.promise(() => expectJobSurvivesKill(url))))
    ),
  120_000
)
