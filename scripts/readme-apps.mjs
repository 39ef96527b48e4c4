// The Express example of the embedding guide (docs/embedding.md; the README shows the ES module
// form) as a newcomer uses it: a fresh app outside the repository (`npm init -y`, CommonJS; and the
// same made an ES module app), the packed tarballs installed by the guide's own install lines (the
// registry gives the rest), the example copied in, type-checked with strict settings and run with
// Node until an email sent through it reaches a real SMTP server.
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { SMTPServer } from "smtp-server"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")

/** The guide that holds the install lines and both Express examples. */
const GUIDE = "docs/embedding.md"
/** Files that show an Express example: the guide, and the README's copy of the ES module form. */
const SHOWN_IN = [GUIDE, "README.md"]

const codeBlocks = (file, language) =>
  [...readFileSync(join(root, file), "utf8").matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map(
    ([, code]) => code
  )

/**
 * The guide's code block whose first line starts with `heading`; every other copy of it (the
 * README's) must be the same, so that what the check runs is what each page shows.
 */
const readmeSnippet = (heading) => {
  const block = codeBlocks(GUIDE, "ts").find((code) => code.startsWith(heading))
  if (block === undefined) throw new Error(`${GUIDE} has no code block starting "${heading}"`)
  for (const file of SHOWN_IN) {
    for (const copy of codeBlocks(file, "ts").filter((code) => code.startsWith(heading))) {
      if (copy !== block) throw new Error(`${file}'s code block starting "${heading}" differs from ${GUIDE}'s`)
    }
  }
  return block
}

/** Where the guide's install lines expect the packed tarballs. */
const README_PACKED = "../servicekit/packed/"

/**
 * The `npm install` lines of the guide's block that installs the packed tarballs, each as its
 * arguments (after `npm install`), with the tarballs' folder as `packed`.
 */
const readmeInstalls = (packed) => {
  const block = codeBlocks(GUIDE, "sh").find((code) => code.includes(README_PACKED))
  if (block === undefined) throw new Error(`${GUIDE} has no sh block installing from ${README_PACKED}`)
  return block
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter((line) => line.startsWith("npm install "))
    .map((line) =>
      line
        .slice("npm install ".length)
        .split(/\s+/)
        .map((arg) => (arg.startsWith(README_PACKED) ? join(packed, arg.slice(README_PACKED.length)) : arg))
    )
}

const forms = [
  { name: "CommonJS", heading: "// Express in a CommonJS app", type: undefined },
  { name: "ES module", heading: "// Express in an ES module app", type: "module" }
]

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })

/** A real SMTP server on loopback that keeps the recipients of what it receives. */
const startSmtp = async () => {
  const recipients = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, session, callback) => {
      stream.resume()
      stream.on("end", () => {
        recipients.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address))
        callback()
      })
    }
  })
  const port = await freePort()
  await new Promise((done) => server.listen(port, "127.0.0.1", done))
  return { url: `smtp://127.0.0.1:${port}`, recipients, close: () => new Promise((done) => server.close(done)) }
}

const until = async (what, check, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((done) => setTimeout(done, 200))
  }
}

/** Answers the JSON of a request that must succeed. */
const call = async (url, { token, body }) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text}`)
  return JSON.parse(text)
}

/**
 * Runs the guide's install lines in `app`: a peer dependency npm had to override (ERESOLVE) or
 * found missing is a problem a newcomer would meet, so it fails the check.
 */
const install = (app, packed) => {
  for (const args of readmeInstalls(packed)) {
    const run = spawnSync("npm", ["install", "--no-audit", "--no-fund", ...args], { cwd: app, encoding: "utf8" })
    if (run.status !== 0) throw new Error(`npm install ${args.join(" ")} failed:\n${run.stderr}`)
    const peers = run.stderr.split("\n").filter((line) => /ERESOLVE|peer dep/i.test(line))
    if (peers.length > 0) throw new Error(`npm install ${args.join(" ")} warned of peers:\n${peers.join("\n")}`)
  }
}

/** One form of the example: made, installed, type-checked, run, and an email sent through it. */
const checkApp = async (packed, form, smtp) => {
  const app = join(mkdtempSync(join(tmpdir(), "servicekit-readme-app-")), form.type ?? "commonjs")
  mkdirSync(app, { recursive: true })
  try {
    return await installAndRun(app, packed, form, smtp)
  } finally {
    rmSync(dirname(app), { recursive: true, force: true })
  }
}

const installAndRun = async (app, packed, form, smtp) => {
  execFileSync("npm", ["init", "-y"], { cwd: app, stdio: "ignore" })
  if (form.type !== undefined) execFileSync("npm", ["pkg", "set", `type=${form.type}`], { cwd: app, stdio: "ignore" })
  install(app, packed)
  const code = readmeSnippet(form.heading)
  writeFileSync(join(app, "app.ts"), code)
  writeFileSync(join(app, "app.js"), code)
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, module: "nodenext", target: "es2022", noEmit: true, types: ["node"] },
      files: ["app.ts"]
    })
  )
  try {
    execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", app], { encoding: "utf8" })
  } catch (error) {
    throw new Error(`app.ts does not type-check:\n${error.stdout || error.message}`)
  }

  const port = await freePort()
  const adminToken = "a-check-of-the-readme-admin-token-1234"
  const child = spawn(process.execPath, ["app.js"], {
    cwd: app,
    env: {
      ...process.env,
      PORT: String(port),
      SMTP_URL: smtp.url,
      SERVICEKIT_ADMIN_TOKEN: adminToken,
      SERVICEKIT_LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: ""
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  const exited = new Promise((done) => child.once("exit", done))
  try {
    const base = `http://127.0.0.1:${port}/api`
    await until("the app listens", async () => {
      if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${output}`)
      return fetch(`${base}/healthz`).then(
        (response) => (response.ok ? true : undefined),
        () => undefined
      )
    })
    const tenant = await call(`${base}/admin/tenants`, {
      token: adminToken,
      body: { name: "Readme", entitlements: ["transactional", "business_email"] }
    })
    const { key } = await call(`${base}/admin/tenants/${tenant.id}/api-keys`, {
      token: adminToken,
      body: { product: "transactional", environment: "live", scopes: ["transactional:send"] }
    })
    const to = `${form.type ?? "commonjs"}@readme.example`
    await call(`${base}/v1/transactional/messages`, { token: key, body: { to: [to], subject: "Hello", text: "It works." } })
    await until(`the email to ${to} arrives`, async () => (smtp.recipients.includes(to) ? true : undefined))
    return `a fresh ${form.name} app sent an email`
  } finally {
    child.kill("SIGTERM")
    await exited
  }
}

/** Each form's problem, if any, as a line for the package check; what passed is printed. `packed`: the tarballs. */
export const checkReadmeApps = async (packed) => {
  const smtp = await startSmtp()
  const problems = []
  try {
    for (const form of forms) {
      await checkApp(packed, form, smtp).then(
        (passed) => console.log(`The embedding guide's Express example: ${passed}.`),
        (error) => problems.push(`the embedding guide's Express example in a fresh ${form.name} app: ${error.message}`)
      )
    }
  } finally {
    await smtp.close()
  }
  return problems
}
