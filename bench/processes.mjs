// What the benchmarks share: their child processes (each a server, a receiver or a load generator
// answering over IPC), reachability of the services, and load shapes.
import { fork } from "node:child_process"
import net from "node:net"
import { performance } from "node:perf_hooks"
import pg from "pg"

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A database called `name`, new and empty, on the server of `url`; its URL. */
export const freshDatabase = async (url, name) => {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, "/postgres") })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  return url.replace(/\/[^/]+$/, `/${name}`)
}

/** Whether something listens at `url`'s host and port (`port` when the URL has none). */
export const reachable = (url, port) =>
  new Promise((resolve) => {
    const { hostname, port: given } = new URL(url)
    const socket = net.connect({ host: hostname, port: Number(given || port) })
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)))
    socket.once("connect", () => (socket.destroy(), resolve(true)))
    socket.once("error", () => resolve(false))
  })

// Every child goes when the run ends, however it ends.
const children = new Set()

/** A child process started from the script at `url`, and its first message. */
export const start = (url, env = {}, execArgv = []) =>
  new Promise((resolve, reject) => {
    const child = fork(url, { env: { ...process.env, ...env }, execArgv })
    children.add(child)
    child.once("exit", () => children.delete(child))
    child.once("message", (first) => resolve({ child, first }))
    child.once("error", reject)
    child.once("exit", (code) => reject(new Error(`${url} exited with ${code}`)))
  })

/** Sends `question` to the child and resolves with its first answer that `matches`. */
export const ask = (child, question, matches) =>
  new Promise((resolve) => {
    const listen = (answer) => {
      if (!matches(answer)) return
      child.off("message", listen)
      resolve(answer)
    }
    child.on("message", listen)
    child.send(question)
  })

/** Ends a child: each leaves when its IPC channel closes. */
export const stop = (child) => {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise((resolve) => child.once("exit", resolve))
  if (child.connected) child.disconnect()
  else child.kill()
  return exited
}

/** Ends every child still running. */
export const stopAll = () => Promise.all([...children].map(stop))

/** Runs `task(i)` for each i below `count`, `clients` at a time. */
export const pool = async (count, clients, task) => {
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) await task(next++)
    })
  )
}

/** Starts `task(i)` every 1000/rate ms for each i below `count`, without waiting for the previous ones. */
export const paced = async (count, rate, task) => {
  const began = performance.now()
  const running = []
  for (let i = 0; i < count; i++) {
    const wait = began + (i * 1000) / rate - performance.now()
    if (wait > 0) await sleep(wait)
    running.push(task(i))
  }
  await Promise.all(running)
}
