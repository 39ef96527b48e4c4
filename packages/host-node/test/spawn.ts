import { type ChildProcess, spawn } from "node:child_process"

export interface Started {
  readonly child: ChildProcess
  readonly output: () => string
  /** Resolves with the first match of `pattern` in stdout, or rejects when the process exits first. */
  readonly waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  /** Sends SIGTERM and resolves with the exit code. */
  readonly stop: () => Promise<number | null>
}

/** Starts a long-running process (a server) and watches its output. */
export const start = (command: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): Started => {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout!.on("data", (chunk) => (output += chunk))
  child.stderr!.on("data", (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return {
    child,
    output: () => output,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(() => finish(new Error(`timed out waiting for ${pattern}; output:\n${output}`)), timeoutMs)
        const check = () => {
          const match = output.match(pattern)
          if (match !== null) finish(undefined, match)
        }
        const onExit = () => finish(new Error(`process exited before ${pattern}; output:\n${output}`))
        const finish = (error?: Error, match?: RegExpMatchArray) => {
          clearTimeout(deadline)
          child.stdout!.off("data", check)
          child.off("exit", onExit)
          if (error) reject(error)
          else resolve(match!)
        }
        child.stdout!.on("data", check)
        child.once("exit", onExit)
        check()
      }),
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      return exited
    }
  }
}

/** Runs a command to completion. */
export const run = (command: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}, input?: string) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // Standard input is the given text, or nothing (a prompt then reads its end).
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] })
    child.stdin.end(input ?? "")
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    // "close", not "exit": a process may exit before its output has all been read.
    child.once("close", (code) => resolve({ code, stdout, stderr }))
  })
