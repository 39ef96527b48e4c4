// CPU time (user and system, from /proc) spent during a phase by the processes a measurement
// involves: a Node process by its pid, the Postgres backends connected to one database with
// Postgres's own background processes (WAL writer, checkpointer...), and redis-server. On a
// machine without /proc every figure is NaN.
import { execSync } from "node:child_process"
import { existsSync, readFileSync, readdirSync } from "node:fs"

const available = existsSync("/proc/self/stat")
const tickMs = available ? 1000 / Number(execSync("getconf CLK_TCK").toString().trim() || 100) : NaN

/** User and system ms of `pid` so far; 0 for a process gone. */
const cpuOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // Fields after the command's closing parenthesis start at the third (state): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) * tickMs
  } catch {
    return 0
  }
}

const redisServer = () =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "redis-server"
      } catch {
        return false
      }
    })

/**
 * Starts measuring: `nodes` (pids of Node processes), the backends of `database` seen through `client` (a connected
 * pg.Client, or none) and, with `redis`, redis-server. `stop()` answers each one's ms since.
 */
export const meter = async ({ nodes, client, database, redis = false }) => {
  const nodeCpu = () => nodes.reduce((sum, pid) => sum + cpuOf(pid), 0)
  const backends = async () =>
    client === undefined
      ? []
      : (
          await client.query(
            "select pid from pg_stat_activity where (datname = $1 or datname is null) and pid <> pg_backend_pid()",
            [database]
          )
        ).rows.map((row) => row.pid)
  const redisPid = redis && available ? redisServer() : undefined
  const before = new Map((await backends()).map((pid) => [pid, cpuOf(pid)]))
  const nodeBefore = nodeCpu()
  const redisBefore = redisPid === undefined ? 0 : cpuOf(redisPid)
  return {
    stop: async () => {
      // A backend that started during the phase spent all its time in it.
      const pids = new Set([...before.keys(), ...(await backends())])
      const postgres = [...pids].reduce((sum, pid) => sum + Math.max(0, cpuOf(pid) - (before.get(pid) ?? 0)), 0)
      return {
        node: available ? nodeCpu() - nodeBefore : NaN,
        postgres: available && client !== undefined ? postgres : NaN,
        redis: redisPid === undefined ? NaN : cpuOf(redisPid) - redisBefore
      }
    }
  }
}
