import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { captureStdout } from "./capturedOutput.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-log-privacy-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("request bodies never reach the log, at debug level either", () => {
  const logged = captureStdout()
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir, SERVICEKIT_LOG_LEVEL: "debug" }))

  it("logs a refused body's request line but none of its values", async () => {
    const marker = "SipSecretInFailedReq-333"
    const send = (path: string, body: string) =>
      fetch(`${served.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${served.admin}`, "content-type": "application/json" },
        body
      })
    const keys = `/api/tenants/${served.tenantId}/api-keys`
    // A value of the wrong type inside a list, a wrong type at the top, a body that is not JSON.
    const refusals = [
      await send(keys, JSON.stringify({ name: "k", product: "voice", environment: "live", scopes: [marker] })),
      await send(keys, JSON.stringify({ name: [marker], product: "voice", environment: "live", scopes: [] })),
      await send(keys, `{"name":"${marker}",`)
    ]
    const codes = ["validation_failed", "validation_failed", "invalid_body"]
    const ids: Array<string> = []
    for (const [index, response] of refusals.entries()) {
      await expectRefusal(response, 400, codes[index]!)
      ids.push(response.headers.get("x-request-id")!)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (const id of ids) expect(logged.lines(id)).toHaveLength(1)
    expect(logged.text()).not.toContain(marker)
  })
})
