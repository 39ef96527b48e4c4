import { type ChildProcess, spawn } from "node:child_process"
import { setTimeout as sleep } from "node:timers/promises"
import { reachable } from "./services.js"

/**
 * A Redis of the test's own on a random port (no persistence), to start late, stop while in use
 * and start again on the same port. `password` guards it when given.
 */
export const privateRedis = (options: { readonly password?: string } = {}) => {
  const port = 20_000 + Math.floor(Math.random() * 40_000)
  const auth = options.password === undefined ? "" : `:${options.password}@`
  let server: ChildProcess | undefined
  return {
    port,
    url: `redis://${auth}127.0.0.1:${port}`,
    /** Resolves once it accepts connections. */
    start: async () => {
      server = spawn("redis-server", [
        ...["--port", String(port), "--bind", "127.0.0.1"],
        ...(options.password === undefined ? [] : ["--requirepass", options.password]),
        ...["--save", "", "--appendonly", "no"]
      ])
      for (let i = 0; i < 100 && !(await reachable(`redis://127.0.0.1:${port}`, port)); i++) await sleep(50)
    },
    /** Kills it (SIGKILL, as a crash) and resolves once it has exited. */
    stop: async () => {
      const stopping = server
      if (stopping === undefined || stopping.exitCode !== null) return
      stopping.kill("SIGKILL")
      await new Promise((resolve) => stopping.once("exit", resolve))
    }
  }
}
