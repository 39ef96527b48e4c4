/**
 * The README's and the guides' runnable examples (README.md, docs/*.md), run against a real kit
 * on the embedded database with its workers, a local OpenAI-compatible model server and a local
 * receiver. A code block runs when an HTML comment right before it (which GitHub does not show)
 * says how:
 *
 * - `<!-- run: curl -->` before a ```sh block: every command in it is a `curl` (`-H`, `-d`, `-X`
 *   and a URL; continued lines joined, `#` comments dropped), sent as a fetch with the same
 *   method, path, headers and body, in the order written; each must answer 2xx.
 * - `<!-- run: workflow -->` before a ```json block: the block is a workflow, and
 *   `POST /v1/automations/workflows` must accept it (200). `<!-- run: workflow STATUS -->` also
 *   runs it (no body) and waits until the run is STATUS (`succeeded`, `waiting_approval`, ...).
 * - `<!-- run: node -->` before a ```js block: a complete program, run with Node, with
 *   `SERVICEKIT_KEY` a transactional key; it must exit 0.
 *
 * In every block `http://localhost:8787` is the test server; `https://partner.example.com` and
 * `https://receiver.example.com` the local receiver (the kit allows private targets here);
 * `<voice test key>`, `<chat test key>`, `<transactional test key>` and `<automations test key>`
 * (or `<automations key>`) are test keys of one tenant entitled to every product,
 * `<admin dashboard token>` its admin's token and `<tenant id>` its id; `<X id>` is the `id` of the
 * last answer to a POST whose path ends in X's collection (`/workflows` for `<workflow id>`, `/run`
 * for `<run id>`), and `<channel id>` an email channel made beforehand until an example makes one.
 * A marker without its kind of block, or a placeholder without a value, fails the test.
 *
 * Also: every variable the configuration reads is a row of docs/configuration.md, and every row
 * names a variable it reads; and every relative link of these pages reaches a file and heading.
 */
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type ModelServer, startModelServer } from "@servicekit/conformance"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectJson, until } from "./automationsClient.js"
import { kitOn, serve } from "./hostileInput.js"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const read = (file: string) => readFileSync(join(root, file), "utf8")

/** The pages whose examples run: the README and every guide. */
const pages = ["README.md", ...readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)]

interface Example {
  readonly page: string
  readonly line: number
  readonly kind: "curl" | "workflow" | "node"
  /** What a workflow's run must reach; undefined: created only. */
  readonly status: string | undefined
  readonly code: string
}

const LANGUAGE = { curl: "sh", workflow: "json", node: "js" } as const

/** Every marked block of `page`, in order; a marker not followed by its kind of block throws. */
const examplesOf = (page: string): Array<Example> => {
  const text = read(page)
  return [...text.matchAll(/<!-- run: ([a-z]+)(?: ([a-z_]+))? -->\n/g)].map((marker) => {
    const line = text.slice(0, marker.index).split("\n").length
    const kind = marker[1] as Example["kind"]
    if (!(kind in LANGUAGE)) throw new Error(`${page}:${line}: unknown run marker "${kind}"`)
    const after = text.slice(marker.index! + marker[0].length)
    const block = new RegExp("^```" + LANGUAGE[kind] + "\\n([\\s\\S]*?)```").exec(after)
    if (block === null) throw new Error(`${page}:${line}: "run: ${kind}" is not followed by a \`\`\`${LANGUAGE[kind]} block`)
    if (kind !== "workflow" && marker[2] !== undefined) throw new Error(`${page}:${line}: "run: ${kind}" takes no status`)
    return { page, line, kind, status: marker[2], code: block[1]! }
  })
}

const examples = pages.flatMap(examplesOf)

/** The words of a shell block, command by command: quotes, `\` line continuations and `#` comments as sh reads them. */
const shellCommands = (code: string): Array<Array<string>> => {
  const commands: Array<Array<string>> = []
  let words: Array<string> = []
  let word: string | undefined
  const endWord = () => {
    if (word !== undefined) words.push(word)
    word = undefined
  }
  const endCommand = () => {
    endWord()
    if (words.length > 0) commands.push(words)
    words = []
  }
  for (let at = 0; at < code.length; at++) {
    const char = code[at]!
    if (char === "'") {
      const close = code.indexOf("'", at + 1)
      if (close < 0) throw new Error("an unclosed ' quote")
      word = (word ?? "") + code.slice(at + 1, close)
      at = close
    } else if (char === '"') {
      word = word ?? ""
      for (at++; code[at] !== '"'; at++) {
        if (at >= code.length) throw new Error('an unclosed " quote')
        if (code[at] === "\\" && ['"', "\\", "$", "`"].includes(code[at + 1]!)) at++
        word += code[at]
      }
    } else if (char === "\\" && code[at + 1] === "\n") {
      endWord()
      at++
    } else if (char === "\n") {
      endCommand()
    } else if (char === " " || char === "\t") {
      endWord()
    } else if (char === "#" && word === undefined) {
      while (at + 1 < code.length && code[at + 1] !== "\n") at++
    } else {
      word = (word ?? "") + char
    }
  }
  endCommand()
  return commands
}

/** A curl command as a request: method, URL, headers and body. */
const curlRequest = (words: ReadonlyArray<string>) => {
  if (words[0] !== "curl") throw new Error(`not a curl command: ${words.join(" ")}`)
  const headers: Record<string, string> = {}
  let method: string | undefined
  let body: string | undefined
  let url: string | undefined
  for (let at = 1; at < words.length; at++) {
    const word = words[at]!
    const value = () => {
      const next = words[++at]
      if (next === undefined) throw new Error(`${word} needs a value`)
      return next
    }
    if (word === "-H" || word === "--header") {
      const header = value()
      const colon = header.indexOf(":")
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim()
    } else if (word === "-d" || word === "--data" || word === "--data-raw") body = value()
    else if (word === "-X" || word === "--request") method = value()
    else if (word.startsWith("-")) throw new Error(`the test does not know the curl option ${word}`)
    else if (url === undefined) url = word
    else throw new Error(`a second URL: ${word}`)
  }
  if (url === undefined) throw new Error(`no URL in: ${words.join(" ")}`)
  return { method: method ?? (body === undefined ? "GET" : "POST"), url, headers, body }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A placeholder such as `<automations test key>` or `<workflow id>`; its spaces may be no-break spaces (see `curl`). */
const PLACEHOLDER = /<([a-z]+(?:[ \u00a0][a-z]+)*)[ \u00a0](key|token|id)>/g

describe("the README's and the guides' runnable examples", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-docs-"))
  let models: ModelServer
  /** Whatever the examples send to partners and receivers answers 200. */
  const received: Array<string> = []
  const receiver: Server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`)
    request.resume()
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"))
  })
  let receiverUrl: string
  beforeAll(async () => {
    models = await startModelServer({ apiKey: "sk-docs-0123456789" })
    // An agent step finishes at once; the text protocol is the default.
    models.respondWith(() => ({ reply: "FINAL: Done." }))
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`
  })
  afterAll(async () => {
    await models?.close()
    await new Promise((resolve) => receiver.close(resolve))
    rmSync(dataDir, { recursive: true, force: true })
  })

  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_LLM_BASE_URL: models.baseUrl,
      SERVICEKIT_LLM_API_KEY: "sk-docs-0123456789",
      SERVICEKIT_LLM_MODEL: "docs-model"
    })
  )
  /** The values of the placeholders, filled as the examples run. */
  const values = new Map<string, string>()

  beforeAll(async () => {
    const { kit } = served
    const tenant = await kit.admin.createTenant({
      name: "Docs",
      entitlements: ["voice", "chat", "transactional", "business_email", "automations", "ai_agent"]
    })
    const key = async (product: string, scopes: Array<string>) =>
      (await kit.admin.createKey({ tenantId: tenant.id, environment: "test", product, scopes } as never)).key
    values.set("tenant id", tenant.id)
    values.set("voice test key", await key("voice", ["voice:read"]))
    values.set("chat test key", await key("chat", ["chat:write", "chat:read", "visitors:read"]))
    values.set("transactional test key", await key("transactional", ["transactional:send"]))
    values.set("automations test key", await key("automations", ["automations:manage"]))
    values.set("automations key", values.get("automations test key")!)
    values.set("admin dashboard token", (await kit.admin.issueDashboardToken(tenant.id, { sub: "docs", role: "admin" })).token)
    const channel = await expectJson(
      await fetch(`${served.url}/api/v1/automations/channels`, {
        method: "POST",
        headers: { authorization: `Bearer ${values.get("automations key")}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Docs", type: "email", config_json: { to: ["team@example.com"] } })
      })
    )
    values.set("channel id", channel.id)
    await kit.startWorkers()
  }, 60_000)

  /** `text` with the test's server, receiver and placeholders in place of the examples'. */
  const filled = (text: string) =>
    text
      .replaceAll("http://localhost:8787", served.url)
      .replaceAll("https://partner.example.com", receiverUrl)
      .replaceAll("https://receiver.example.com", receiverUrl)
      .replace(PLACEHOLDER, (placeholder, name: string, what: string) => {
        const value = values.get(`${name.replaceAll("\u00a0", " ")} ${what}`)
        if (value === undefined) throw new Error(`no value for ${placeholder} yet`)
        return value
      })

  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${values.get("automations key")}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })

  const runExample: Record<Example["kind"], (example: Example) => Promise<void>> = {
    curl: async ({ code }) => {
      // A reader puts the value in place of a placeholder, spaces and all: a placeholder is one word.
      const commands = shellCommands(code.replace(PLACEHOLDER, (placeholder) => placeholder.replaceAll(" ", "\u00a0")))
      expect(commands.length).toBeGreaterThan(0)
      for (const words of commands) {
        const request = curlRequest(words.map(filled))
        const response = await fetch(request.url, request)
        const text = await response.text()
        expect(response.status, `${request.method} ${request.url}: ${text}`).toBeGreaterThanOrEqual(200)
        expect(response.status, `${request.method} ${request.url}: ${text}`).toBeLessThan(300)
        const answer = response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined
        const collection = new URL(request.url).pathname.split("/").at(-1)!
        if (request.method === "POST" && typeof answer?.id === "string" && !UUID.test(collection)) {
          values.set(`${collection.replace(/s$/, "")} id`, answer.id)
        }
      }
    },
    workflow: async ({ code, status }) => {
      const workflow = await expectJson(await api("POST", "/automations/workflows", JSON.parse(filled(code))))
      if (status === undefined) return
      const run = await expectJson(await api("POST", `/automations/workflows/${workflow.id}/run`))
      const reached = await until(`the run of "${workflow.name}" to be ${status}`, async () => {
        const now = await expectJson(await api("GET", `/automations/runs/${run.id}`))
        if (now.status === status) return now
        expect(["succeeded", "failed", "cancelled", "expired"], JSON.stringify(now)).not.toContain(now.status)
        return undefined
      })
      expect(reached.status).toBe(status)
    },
    node: async ({ code }) => {
      const dir = mkdtempSync(join(tmpdir(), "servicekit-docs-node-"))
      try {
        symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir")
        writeFileSync(join(dir, "example.mjs"), filled(code))
        // Asynchronously: the server the program calls answers from this process.
        await promisify(execFile)(process.execPath, ["example.mjs"], {
          cwd: dir,
          env: { ...process.env, SERVICEKIT_KEY: values.get("transactional test key") },
          timeout: 50_000
        })
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }

  it("finds examples to run in the README and the guides of each product", () => {
    const runnable = new Set(examples.map((example) => example.page))
    for (const page of ["README.md", "docs/products.md", "docs/automations.md", "docs/webhooks.md", "docs/client.md"]) {
      expect(runnable, page).toContain(page)
    }
    // Every kind of step has a workflow that runs.
    const ran = examples.filter((example) => example.kind === "workflow" && example.status !== undefined)
    for (const type of ["skill", "deliver", "log", "agent", "approval", "wait"]) {
      expect(
        ran.some((example) => (JSON.parse(example.code).stepsJson as Array<{ type: string }>).some((step) => step.type === type)),
        type
      ).toBe(true)
    }
  })

  for (const example of examples) {
    it(`runs ${example.page}:${example.line} (${example.kind}${example.status === undefined ? "" : ` until ${example.status}`})`, () =>
      runExample[example.kind](example), 60_000)
  }

  it("sent what the examples send to partners and receivers", async () => {
    for (const request of ["POST /greetings", "POST /servicekit"]) {
      await until(request, async () => (received.includes(request) ? true : undefined))
    }
  })
})

describe("docs/configuration.md", () => {
  /** Where the configuration reads its variables: the hosts' configuration and each module's settings. */
  const sources = [
    "packages/host-node/src/Config.ts",
    "packages/host-node/src/LlmConfig.ts",
    ...(readdirSync(join(root, "packages/core/src"), { recursive: true }) as Array<string>)
      .filter((path) => path.endsWith("Settings.ts"))
      .map((path) => `packages/core/src/${path}`)
  ]
  const readVariables = new Set(
    sources.flatMap((file) =>
      [...readFileSync(join(root, file), "utf8").matchAll(/"(SERVICEKIT_[A-Z0-9_]+|PORT|HOST|DATABASE_URL|REDIS_URL|SMTP_URL)"/g)].map(
        ([, name]) => name!
      )
    )
  )
  const documented = new Set(
    [...readFileSync(join(root, "docs/configuration.md"), "utf8").matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map(([, name]) => name!)
  )

  it("has a row for every variable the configuration reads, and none for a variable it does not read", () => {
    expect(readVariables.size).toBeGreaterThan(40)
    expect([...readVariables].filter((name) => !documented.has(name)).sort(), "read but not documented").toEqual([])
    expect([...documented].filter((name) => !readVariables.has(name)).sort(), "documented but not read").toEqual([])
  })
})

describe("the README's and the guides' links", () => {
  const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, "")
  /** A heading's anchor as GitHub makes it. */
  const anchor = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replaceAll(" ", "-")

  it("point to files and headings that exist", () => {
    const broken: Array<string> = []
    for (const page of pages) {
      for (const [, link] of withoutCode(read(page)).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link!)) continue
        const [path, hash] = link!.split("#") as [string, string | undefined]
        const target = path === "" ? page : join(page, "..", path)
        let text: string
        try {
          text = statSync(join(root, target)).isDirectory() ? "" : read(target)
        } catch {
          broken.push(`${page}: ${link} (no such file)`)
          continue
        }
        if (hash === undefined || !target.endsWith(".md")) continue
        const anchors = [...withoutCode(text).matchAll(/^#+ (.*)$/gm)].map(([, heading]) => anchor(heading!))
        if (!anchors.includes(hash)) broken.push(`${page}: ${link} (no such heading)`)
      }
    }
    expect(broken).toEqual([])
  })
})
