import { type ChildProcess, spawn } from "node:child_process"

/**
 * A Redis of the test's own (no persistence), to start late, stop while in use and start again on
 * the same port. `password` guards it when given. Its port lies below Linux's ephemeral range
 * (32768–60999), where servers listening on port 0 and outgoing connections take theirs; a start
 * that finds the port taken all the same fails with Redis's own words, never a silent hang on
 * another program's port.
 */
export const privateRedis = (options: { readonly password?: string } = {}) => {
  const port = 20_000 + Math.floor(Math.random() * 12_000)
  const auth = options.password === undefined ? "" : `:${options.password}@`
  let server: ChildProcess | undefined
  return {
    port,
    url: `redis://${auth}127.0.0.1:${port}`,
    /** Resolves once it accepts connections. */
    start: () =>
      new Promise<void>((resolve, reject) => {
        const started = spawn("redis-server", [
          ...["--port", String(port), "--bind", "127.0.0.1"],
          ...(options.password === undefined ? [] : ["--requirepass", options.password]),
          ...["--save", "", "--appendonly", "no"]
        ])
        server = started
        let output = ""
        started.stdout.setEncoding("utf8").on("data", (chunk: string) => {
          if (output.length < 10_000) output += chunk
          if (output.includes("Ready to accept connections")) resolve()
        })
        started.once("exit", (code) => reject(new Error(`redis-server on port ${port} exited (${code}): ${output.slice(-500)}`)))
      }),
    /** Kills it (SIGKILL, as a crash) and resolves once it has exited. */
    stop: async () => {
      const stopping = server
      if (stopping === undefined || stopping.exitCode !== null || stopping.signalCode !== null) return
      stopping.kill("SIGKILL")
      await new Promise((resolve) => stopping.once("exit", resolve))
    }
  }
}
