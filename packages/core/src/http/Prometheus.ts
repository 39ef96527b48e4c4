import { Metric, MetricState, Option } from "effect"
import type { MetricLabel } from "effect"

const PREFIX = "servicekit_"

const escape = (value: string) => value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n")

const labels = (tags: ReadonlyArray<MetricLabel.MetricLabel>, extra?: readonly [string, string]) => {
  const all =
    extra === undefined
      ? tags.map((tag) => [tag.key, tag.value] as const)
      : [...tags.map((tag) => [tag.key, tag.value] as const), extra]
  return all.length === 0 ? "" : `{${all.map(([key, value]) => `${key}="${escape(value)}"`).join(",")}}`
}

const number = (value: number | bigint) =>
  typeof value === "bigint" ? value.toString() : Number.isFinite(value) ? String(value) : value > 0 ? "+Inf" : "-Inf"

/**
 * ServiceKit's metrics in the Prometheus text format (0.0.4): counters and histograms from
 * Effect's registry, each family with its HELP and TYPE once.
 */
export const renderPrometheus = (): string => {
  const families = new Map<string, { help: string; type: string; series: Array<string> }>()
  for (const { metricKey, metricState } of Metric.unsafeSnapshot()) {
    const name = metricKey.name
    if (!name.startsWith(PREFIX)) continue
    const type = MetricState.isHistogramState(metricState)
      ? "histogram"
      : MetricState.isCounterState(metricState)
        ? "counter"
        : undefined
    if (type === undefined) continue
    let family = families.get(name)
    if (family === undefined) {
      family = { help: Option.getOrElse(metricKey.description, () => name), type, series: [] }
      families.set(name, family)
    }
    // One block per series; a histogram's buckets stay in increasing order.
    if (MetricState.isCounterState(metricState)) {
      family.series.push(`${name}${labels(metricKey.tags)} ${number(metricState.count)}`)
    } else if (MetricState.isHistogramState(metricState)) {
      const lines = metricState.buckets.map(
        ([bound, count]) => `${name}_bucket${labels(metricKey.tags, ["le", number(bound)])} ${count}`
      )
      if (!metricState.buckets.some(([bound]) => bound === Number.POSITIVE_INFINITY)) {
        lines.push(`${name}_bucket${labels(metricKey.tags, ["le", "+Inf"])} ${metricState.count}`)
      }
      lines.push(`${name}_sum${labels(metricKey.tags)} ${metricState.sum}`)
      lines.push(`${name}_count${labels(metricKey.tags)} ${metricState.count}`)
      family.series.push(lines.join("\n"))
    }
  }
  let text = ""
  for (const [name, family] of [...families].sort(([a], [b]) => a.localeCompare(b))) {
    text += `# HELP ${name} ${family.help.replaceAll("\\", "\\\\").replaceAll("\n", "\\n")}\n# TYPE ${name} ${family.type}\n`
    text += `${family.series.sort().join("\n")}\n`
  }
  return text
}
