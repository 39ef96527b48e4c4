import { readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"
import { generateClientSources, generatedDir, servedDocument } from "../../../scripts/generate-client.mjs"

it("the committed contract is what the served OpenAPI document generates (npm run generate:client)", async () => {
  const sources = await generateClientSources(await servedDocument())
  // The whole folder: no group's module missing, none left over from a group the contract dropped.
  expect(readdirSync(generatedDir).sort()).toEqual(Object.keys(sources).sort())
  expect(Object.keys(sources)).toEqual(expect.arrayContaining(["index.ts", "shared.ts", "chat.ts", "calling.ts"]))
  for (const [name, text] of Object.entries(sources)) {
    // One comparison per file, so that a failure names the stale file without printing its text.
    expect(readFileSync(join(generatedDir, name), "utf8") === text, `${name} is stale: run npm run generate:client`).toBe(true)
  }
}, 60_000)
