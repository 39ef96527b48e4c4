import { type OperationId } from "@servicekit/client"
import { describe, expect, it } from "vitest"
import { routes } from "../src/generated/index.js"
import { automationsTests } from "./contract/automations.js"
import { automationsDashboardTests } from "./contract/automationsDashboard.js"
import { callsTests } from "./contract/calls.js"
import { chatTests } from "./contract/chat.js"
import { chatPageTests } from "./contract/chatPage.js"
import { mailTests } from "./contract/mail.js"
import { platformTests } from "./contract/platform.js"
import { type ContractStorage, contractContext } from "./contract/setup.js"
import { webhooksTests } from "./contract/webhooks.js"

export type { ContractStorage } from "./contract/setup.js"

/**
 * The client's contract test: every operation of the served document called through
 * `@servicekit/client` against a live server on `setting`'s storage, each answer checked against
 * the document's schema, what a user would see checked beside it, and the documented errors of
 * each family (400, 401, 403, 404, 409, 429) arriving typed.
 */
export const contractSuite = (setting: ContractStorage) =>
  describe(`@servicekit/client against a live server, on ${setting.storage}`, () => {
    const context = contractContext(setting)

    platformTests(context)
    callsTests(context)
    chatTests(context)
    chatPageTests(context)
    webhooksTests(context)
    mailTests(context)
    automationsTests(context)
    automationsDashboardTests(context)

    // Last, so that they see every answer the tests above recorded.
    it("got no answer, success or error, that the document does not describe", async () => {
      expect(await context.recorder.problems()).toEqual([])
    })

    it("answered every operation of the document with success at least once", () => {
      const succeeded = (id: OperationId, status: number) =>
        (status >= 200 && status < 300) ||
        status === 101 ||
        // A planned route documents no success: its documented 501 is its answer.
        (status === 501 && !context.schemas.documents(id, 200) && context.schemas.documents(id, 501))
      const answeredWell = [...context.recorder.answered]
        .filter(([id, statuses]) => [...statuses].some((status) => succeeded(id, status)))
        .map(([id]) => id)
      expect(answeredWell.sort()).toEqual(Object.keys(routes).sort())
    })
  })
