import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const tsc = fileURLToPath(new URL("../../../node_modules/typescript/bin/tsc", import.meta.url))
const project = fileURLToPath(new URL("./types/tsconfig.json", import.meta.url))

describe("the admin API's types", () => {
  it("refuse at compile time a product, entitlement or scope outside the closed lists (types/admin.ts)", async () => {
    // Every `@ts-expect-error` there must meet an error: one that compiled would fail with TS2578.
    const output = await new Promise<string>((resolve) =>
      execFile(process.execPath, [tsc, "--noEmit", "-p", project], (error, stdout, stderr) =>
        resolve(error === null ? "" : `${stdout}${stderr}` || String(error))
      )
    )
    expect(output).toBe("")
  }, 120_000)
})
