import { Effect, Option } from "effect"

// Ids are uuid columns: Postgres rejects other text, while the ports answer "not found" for an
// unknown id of any shape (dashboard tenant ids, for one, arrive unvalidated). Only the lowercase
// form that storage returns matches, as in the memory fake.
export { isUuid } from "@servicekit/core"

/** Runs a query; a storage failure is a defect, as the ports declare no errors. */
export const query = <A>(run: () => Promise<A>): Effect.Effect<A> => Effect.promise(run)

/** The first row of a query, mapped, or none. */
export const findOne = <Row, A>(
  run: () => Promise<Row | undefined>,
  map: (row: Row) => A
): Effect.Effect<Option.Option<A>> =>
  Effect.map(query(run), (row) => (row === undefined ? Option.none() : Option.some(map(row))))
