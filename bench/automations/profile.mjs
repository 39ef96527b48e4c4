// Where a CPU profile of bench/automations.mjs spent its time: self time by package (a module of
// node_modules, a ServiceKit package, node's own modules, the garbage collector) and by function,
// as shares of the time the process was not idle.
import { readFileSync } from "node:fs"

const packageOf = ({ url, functionName }) => {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)"
  if (url.startsWith("node:")) return url
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)
  if (modules) return modules.at(-1).slice("node_modules/".length)
  const own = url.match(/\/packages\/([^/]+)\//)
  if (own) return `@servicekit/${own[1]}`
  return url.replace(/^file:\/\//, "").replace(/^.*\/bench\//, "bench/")
}

const where = ({ url, functionName, lineNumber }) => {
  const file = url.replace(/^file:\/\//, "").replace(/^.*\/(node_modules|packages)\//, "")
  return `${functionName || "(anonymous)"} ${file === "" ? "" : `${file}:${lineNumber + 1}`}`.trim()
}

/** The `top` heaviest packages and functions by self time, with the profile's busy ms. */
export const summarize = (file, top = 12) => {
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, "utf8"))
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const parentOf = new Map(nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])))
  // Starting and stopping the profiler (node:inspector's post, then its native work) is no load's.
  const profiler = new Map()
  const isProfiler = (id) => {
    if (id === undefined) return false
    if (!profiler.has(id))
      profiler.set(id, byId.get(id).callFrame.url === "node:inspector" || isProfiler(parentOf.get(id)))
    return profiler.get(id)
  }
  const self = new Map()
  for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0))
  const packages = new Map()
  const functions = new Map()
  let busy = 0
  for (const [id, us] of self) {
    const frame = byId.get(id).callFrame
    if (frame.functionName === "(idle)" || isProfiler(id)) continue
    busy += us
    const name = packageOf(frame)
    packages.set(name, (packages.get(name) ?? 0) + us)
    const fn = where(frame)
    functions.set(fn, (functions.get(fn) ?? 0) + us)
  }
  const heaviest = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, share: us / busy }))
  return { busyMs: busy / 1000, packages: heaviest(packages), functions: heaviest(functions) }
}
