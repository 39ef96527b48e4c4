import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"
import { generateClientSources, generatedDir, servedDocument } from "../../../scripts/generate-client.mjs"

it("the committed contract is what the served OpenAPI document generates (npm run generate:client)", async () => {
  const sources = await generateClientSources(await servedDocument())
  expect(Object.keys(sources).sort()).toEqual(["contract.ts", "routes.ts"])
  for (const [name, text] of Object.entries(sources)) {
    // One comparison per file, so that a failure names the stale file without printing 400 kB.
    expect(readFileSync(join(generatedDir, name), "utf8") === text, `${name} is stale: run npm run generate:client`).toBe(true)
  }
}, 60_000)
