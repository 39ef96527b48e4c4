import { spawn } from "node:child_process"
import { constants } from "node:fs"
import { access } from "node:fs/promises"
import { delimiter, isAbsolute, join } from "node:path"
import { MAX_DATA_BYTES } from "@servicekit/core/internal"
import type { CommandResult } from "./DeviceApi.js"
import { CommandFailed, TRUNCATED, errorText, outputText } from "./Outcome.js"

export interface ProgramRun {
  readonly exitCode: number | null
  readonly stdout: Buffer
  readonly stderr: string
  /** stdout went past `maxBytes`; the rest was dropped. */
  readonly truncated: boolean
}

/**
 * The environment a program gets: PATH, a UTF-8 locale, and what a display or sound server needs;
 * nothing else of the companion's (its secrets and settings stay out).
 */
const cleanEnvironment = (): NodeJS.ProcessEnv => {
  const kept = ["PATH", "HOME", "DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SYSTEMROOT"]
  return {
    LANG: "C.UTF-8",
    ...Object.fromEntries(kept.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])))
  }
}

/**
 * Runs a program without a shell, in a clean environment, killed after `timeoutMs`; keeps the first
 * `maxBytes` of stdout and the last 2,000 characters of stderr.
 */
export const runProgram = (
  argv: ReadonlyArray<string>,
  options: { readonly cwd: string; readonly timeoutMs: number; readonly maxBytes: number }
) =>
  new Promise<ProgramRun>((resolvePromise, reject) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd: options.cwd,
      env: cleanEnvironment(),
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      // Its own process group, so that a timeout stops what it started too (`sh -c "sleep 30"`).
      detached: process.platform !== "win32"
    })
    const chunks: Array<Buffer> = []
    let size = 0
    let truncated = false
    let stderr = ""
    let timedOut = false
    child.stdout.on("data", (chunk: Buffer) => {
      if (size >= options.maxBytes) return void (truncated = true)
      const kept = chunk.subarray(0, options.maxBytes - size)
      truncated ||= kept.length < chunk.length
      chunks.push(kept)
      size += kept.length
    })
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2_000)))
    const timer = setTimeout(() => {
      timedOut = true
      try {
        if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, "SIGKILL")
        else child.kill("SIGKILL")
      } catch {
        child.kill("SIGKILL")
      }
      // A grandchild that escaped the group may still hold the pipes: do not wait for them.
      child.stdout.destroy()
      child.stderr.destroy()
    }, options.timeoutMs)
    child.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      reject(
        error.code === "ENOENT"
          ? new CommandFailed("program_not_found", `${argv[0]} was not found on this node.`)
          : new CommandFailed("start_failed", `${argv[0]} could not start: ${error.code ?? error.message}`)
      )
    })
    child.once("close", (exitCode) => {
      clearTimeout(timer)
      if (timedOut) {
        reject(
          new CommandFailed("timeout", `${argv[0]} ran past ${Math.round(options.timeoutMs / 1000)} s and was stopped.`)
        )
      } else {
        resolvePromise({ exitCode, stdout: Buffer.concat(chunks), stderr, truncated })
      }
    })
  })

/** Where `name` is on PATH (or `name` itself when it is a path), if it is there and executable. */
export const findProgram = async (name: string): Promise<string | undefined> => {
  const candidates = isAbsolute(name)
    ? [name]
    : (process.env.PATH ?? "")
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, name))
  for (const candidate of candidates) {
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false
      )
    )
      return candidate
  }
  return undefined
}

/** Bytes past which `system.run`'s stdout is cut (a result's text cap, in bytes of UTF-8 at most). */
const MAX_STDOUT_BYTES = MAX_DATA_BYTES

/** system.run: argv exactly as approved, stdout as the output; a non-zero exit fails with stderr's end. */
export const runSystem = async (
  argv: ReadonlyArray<string>,
  cwd: string,
  timeoutMs: number
): Promise<CommandResult> => {
  const ran = await runProgram(argv, { cwd, timeoutMs, maxBytes: MAX_STDOUT_BYTES })
  const stdout = ran.stdout.toString("utf8") + (ran.truncated ? TRUNCATED : "")
  if (ran.exitCode === 0) return { ok: true, output: outputText(stdout) }
  return {
    ok: false,
    output: outputText(stdout),
    error: {
      code: "exit_status",
      message: errorText(`${argv[0]} exited with status ${ran.exitCode ?? "unknown"}: ${ran.stderr.trim()}`)
    }
  }
}
