import { Effect, Layer } from "effect"
import { makeTransactionalActivity } from "./TransactionalActivity.js"
import { makeTransactionalDelivery } from "./TransactionalDelivery.js"
import { makeTransactionalSending } from "./TransactionalSending.js"
import { makeTransactionalTemplates } from "./TransactionalTemplates.js"
import { TransactionalService } from "./TransactionalService.js"

/** Transactional email's service, made of its parts: templates, sending, the activity ledger's view and delivery. */
export const transactionalServiceLayer = Layer.scoped(
  TransactionalService,
  Effect.gen(function* () {
    const templates = yield* makeTransactionalTemplates
    return {
      ...templates,
      ...(yield* makeTransactionalSending(templates.getTemplate)),
      ...(yield* makeTransactionalActivity),
      ...(yield* makeTransactionalDelivery)
    }
  })
)
