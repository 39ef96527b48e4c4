// node bench/engine.mjs: the Automations engine of this checkout against the build of another
// commit, in one run: runs/s (bench/automations.mjs) and the agent loop's CPU per turn
// (bench/agent.mjs), the two builds taking turns (A B B A ...) so that the machine's drift falls on
// both alike.
//   BENCH_BASELINE      a checkout of the commit to compare with, installed and built
//                       (`git worktree add ../baseline <commit> && cd ../baseline && npm ci &&
//                       node scripts/build-packages.mjs --without-declarations`)
//   BENCH_ENGINE_PAIRS  rounds of both builds (default 2); the figures are the medians
//   BENCH_AUTOMATIONS_STORAGE, BENCH_AUTOMATIONS_RUNS, BENCH_AUTOMATIONS_STEPS, BENCH_AGENT_RUNS
//                       as those benches read them
//                       (defaults here: pglite,postgres; 1,000 runs; 100 agent runs)
// Both builds run this checkout's bench scripts (copied into the baseline's `.bench-engine/`, where
// they resolve the baseline's packages), so only the engine differs.
import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const baseline = process.env.BENCH_BASELINE
if (!baseline) {
  console.error("BENCH_BASELINE must name a built checkout of the commit to compare with")
  process.exit(2)
}
const pairs = Number(process.env.BENCH_ENGINE_PAIRS ?? 2)
const benchOf = {
  current: here,
  baseline: join(resolve(baseline), ".bench-engine")
}
rmSync(benchOf.baseline, { recursive: true, force: true })
cpSync(here, benchOf.baseline, { recursive: true, filter: (source) => !source.includes(`${here}/results`) })

const scratch = mkdtempSync(join(tmpdir(), "servicekit-engine-bench-"))
const env = {
  ...process.env,
  BENCH_AUTOMATIONS_STORAGE: process.env.BENCH_AUTOMATIONS_STORAGE ?? "pglite,postgres",
  BENCH_AUTOMATIONS_RUNS: process.env.BENCH_AUTOMATIONS_RUNS ?? "1000",
  BENCH_AGENT_RUNS: process.env.BENCH_AGENT_RUNS ?? "100"
}

/** Runs one bench script of one build and answers the figures it wrote. */
const run = (build, script, round) => {
  const file = join(scratch, `${build}-${script}-${round}.json`)
  const done = spawnSync(process.execPath, [join(benchOf[build], script)], {
    env: { ...env, BENCH_RESULT_FILE: file },
    stdio: ["ignore", "ignore", "inherit"]
  })
  if (done.status !== 0) throw new Error(`${build} ${script} exited with ${done.status}`)
  return JSON.parse(readFileSync(file, "utf8"))
}

const figures = { current: [], baseline: [] }
for (let round = 0; round < pairs; round++) {
  const order = round % 2 === 0 ? ["baseline", "current"] : ["current", "baseline"]
  for (const build of order) {
    process.stderr.write(`round ${round + 1}/${pairs}: ${build}\n`)
    const runs = run(build, "automations.mjs", round)
    const agent = run(build, "agent.mjs", round)
    const entry = {
      runs: Object.fromEntries(
        runs.map((row) => [
          row.storage,
          // CPU per run of the ServiceKit process, which other work on the machine barely moves.
          { together: row.kit.rate, workers: row.kit.drain.rate, workersCpuMs: row.kit.drain.cpu.node }
        ])
      ),
      // The loop's own cost: the agent's CPU less the bare loop's, per turn.
      agentCpuMsPerTurn: (agent.agent.cpuMs - agent.bare.cpuMs) / agent.turns
    }
    process.stderr.write(`  ${JSON.stringify(entry)}\n`)
    figures[build].push(entry)
  }
}
rmSync(scratch, { recursive: true, force: true })

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const of = (build, pick) => median(figures[build].map(pick))
const line = (label, pick, higherIsBetter, digits) => {
  const now = of("current", pick)
  const before = of("baseline", pick)
  // A ratio above 1 is better in both directions: throughput over throughput, cost under cost.
  const ratio = higherIsBetter ? now / before : before / now
  console.log(
    `${label.padEnd(34)} ${before.toFixed(digits).padStart(9)} ${now.toFixed(digits).padStart(9)} ${ratio.toFixed(2).padStart(6)}  ${ratio >= 0.95 ? "met" : "below 0.95x"}`
  )
}

console.log(`\nThe engine against ${baseline}, medians of ${pairs} rounds each (target: at least 0.95x)\n`)
console.log(`${"figure".padEnd(34)} ${"baseline".padStart(9)} ${"current".padStart(9)} ${"ratio".padStart(6)}`)
for (const storage of Object.keys(figures.current[0].runs)) {
  line(`runs/s, ${storage}, API and workers`, (f) => f.runs[storage].together, true, 0)
  line(`runs/s, ${storage}, workers alone`, (f) => f.runs[storage].workers, true, 0)
  line(`CPU ms per run, ${storage}, workers`, (f) => f.runs[storage].workersCpuMs, false, 2)
}
line("agent loop CPU ms per turn", (f) => f.agentCpuMsPerTurn, false, 3)
