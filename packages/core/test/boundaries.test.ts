import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const SRC = new URL("../src", import.meta.url).pathname
const FORBIDDEN = /^(node:|fs$|net$|http$|https$|pg$|kysely|ioredis|undici|nodemailer|@electric-sql|jose|bullmq|@effect\/platform-)/

const sources = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : []
  })

describe("core stays free of I/O libraries", () => {
  it("imports no driver, network or filesystem module", () => {
    const offenders = sources(SRC).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)]
        .map((match) => match[1])
        .filter((specifier) => FORBIDDEN.test(specifier))
        .map((specifier) => `${file.slice(SRC.length)}: ${specifier}`)
    )
    expect(sources(SRC).length).toBeGreaterThan(10)
    expect(offenders).toEqual([])
  })
})
