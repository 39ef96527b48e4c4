import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"
import { generateClientSources, generatedDir, generatedFiles, servedDocument } from "../../../scripts/generate-client.mjs"

const LINE_LIMIT = 400
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0)

it("the committed contract is what the served OpenAPI document generates (npm run generate:client)", async () => {
  const sources = await generateClientSources(await servedDocument())
  // The whole folder, nested folders included: no module missing, none left over from a group or
  // a cut the contract no longer has.
  expect(generatedFiles()).toEqual(Object.keys(sources).sort())
  expect(Object.keys(sources)).toEqual(
    expect.arrayContaining(["index.ts", "shared/index.ts", "chat/operations/index.ts", "calling/routes.ts", "webhooks/events/index.ts"])
  )
  for (const [name, text] of Object.entries(sources)) {
    // One comparison per file, so that a failure names the stale file without printing its text.
    expect(readFileSync(join(generatedDir, name), "utf8") === text, `${name} is stale: run npm run generate:client`).toBe(true)
  }
}, 60_000)

it("commits no module over 400 lines: a group's operations that pass it are cut by resource", () => {
  const over = generatedFiles().filter((name) => lineCount(readFileSync(join(generatedDir, name), "utf8")) > LINE_LIMIT)
  expect(over).toEqual([])
  const runs = readFileSync(join(generatedDir, "automationsDashboard/operations/runs.ts"), "utf8")
  expect(runs).toContain(`"automationsDashboard.listDashboardRuns": {`)
  expect(runs).toContain(`"automationsDashboard.cancelDashboardRun": {`)
  expect(runs).not.toContain(`"automationsDashboard.listDashboardNodes": {`)
  expect(readFileSync(join(generatedDir, "automationsDashboard/operations/index.ts"), "utf8")).toContain(
    "export interface AutomationsDashboardOperations extends"
  )
})

/** The served document with `count` more hosted-page operations, all under `/public/chat/themes/`. */
const documentWithThemes = async (count: number) => {
  const document = (await servedDocument()) as { paths: Record<string, { get: { operationId: string } }> }
  const page = document.paths["/public/chat"]
  for (let index = 0; index < count; index += 1) {
    document.paths[`/public/chat/themes/theme${index}`] = { get: { ...page.get, operationId: `chatPage.getTheme${index}` } }
  }
  return document
}

it("cuts a group that grows past the limit by resource, then one operation per module, the same way every time", async () => {
  const sources = await generateClientSources(await documentWithThemes(14))
  expect(Object.entries(sources).filter(([, text]) => lineCount(text) > LINE_LIMIT).map(([name]) => name)).toEqual([])
  const modules = Object.keys(sources).filter((name) => name.startsWith("chatPage/operations/")).sort()
  // The page's own routes stay together; fourteen themes pass the limit on their own and are cut again.
  expect(modules).toEqual(
    expect.arrayContaining(["chatPage/operations/index.ts", "chatPage/operations/chat.ts", "chatPage/operations/themes/getTheme0.ts"])
  )
  expect(sources["chatPage/operations/chat.ts"]).toContain(`"chatPage.chatPage": {`)
  expect(sources["chatPage/operations/chatJs.ts"]).toContain(`"chatPage.chatPageScript": {`)
  for (let index = 0; index < 14; index += 1) {
    const holding = modules.filter((name) => sources[name]!.includes(`"chatPage.getTheme${index}": {`))
    expect(holding).toEqual([`chatPage/operations/themes/getTheme${index}.ts`])
  }
  expect(sources["chatPage/routes.ts"]).toContain(`"chatPage.getTheme13": ["GET", "/public/chat/themes/theme13"`)
  // Regenerating gives the same files.
  expect(await generateClientSources(await documentWithThemes(14))).toEqual(sources)
}, 60_000)

it("refuses to generate a module over the limit that cannot be cut, naming it", async () => {
  const document = (await servedDocument()) as { paths: Record<string, { get: { description: string } }> }
  document.paths["/healthz"]!.get.description = Array.from({ length: 500 }, (_, line) => `Line ${line}.`).join("\n")
  await expect(generateClientSources(document)).rejects.toThrow(/^operations\/.+ would be \d+ lines, over the limit of 400/)
}, 60_000)
