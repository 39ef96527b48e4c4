import { layerPostgres } from "@servicekit/adapters"
import { storageConformance } from "@servicekit/conformance"
import { Effect, Layer } from "effect"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { notes, notesStorageSuites } from "./fixtures/notes/index.js"

storageConformance(
  "notes on PostgreSQL",
  () => Layer.unwrapScoped(Effect.map(temporaryDatabase, (url) => layerPostgres({ url, modules: [notes] }))),
  notesStorageSuites
)
