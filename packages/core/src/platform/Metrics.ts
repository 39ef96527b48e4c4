import { Metric, MetricBoundaries, MetricLabel } from "effect"

/**
 * ServiceKit's metrics, kept by Effect's metric registry (in process memory) and exposed as
 * Prometheus text when metrics are on. Updated synchronously: they run on every request.
 */
export const httpRequests = Metric.counter("servicekit_http_requests_total", {
  description: "Requests answered, by method, route and status.",
  incremental: true
})

export const httpRequestDuration = Metric.histogram(
  "servicekit_http_request_duration_seconds",
  MetricBoundaries.fromIterable([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]),
  "Time from a request's arrival to its response, by method and route."
)

export const rateLimitRejections = Metric.counter("servicekit_rate_limit_rejections_total", {
  description: "Requests refused with 429, by the limit that refused them (key or ip).",
  incremental: true
})

export const apiKeyCacheLookups = Metric.counter("servicekit_api_key_cache_lookups_total", {
  description: "API key verifications, by whether the in-process cache answered (hit) or storage did (miss).",
  incremental: true
})

export const label = MetricLabel.make

export const cacheHit = [label("result", "hit")]
export const cacheMiss = [label("result", "miss")]
