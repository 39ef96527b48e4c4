import { ApiError } from "./ApiError.js"

const MAX_ECHOED_PATH = 200

const echo = (path: string) => (path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH - 1)}…` : path)

/**
 * The 404 for a path no route answers. It names the mount path the API answers under and, when
 * the path is off only by its prefix (the mount path missing, doubled, partly or wholly another,
 * as when an app mounts the kit under a path of its own), the path it may have meant.
 */
export const makeRouteNotFound = (
  mountPath: string,
  /** Whether some route (any method) or document answers at these path segments. */
  answers: (parts: ReadonlyArray<string>) => boolean,
  /** The most segments any route or document has: longer candidates are not tried. */
  maxSegments: number
) => {
  const mountParts = mountPath.split("/").filter((part) => part.length > 0)
  /**
   * The request's path, or its tail after a segment of the mount path, placed under the mount
   * path: the first such candidate (the longest tail) that reaches a route or a document.
   */
  const meant = (parts: ReadonlyArray<string>): string | undefined => {
    for (let from = 0; from < parts.length; from++) {
      if (from > 0 && !mountParts.includes(parts[from - 1]!)) continue
      const candidate = [...mountParts, ...parts.slice(from)]
      if (candidate.length <= maxSegments && answers(candidate)) return `/${candidate.join("/")}`
    }
    return undefined
  }
  return (path: string, parts: ReadonlyArray<string>): ApiError => {
    const guess = meant(parts)
    return new ApiError({
      status: 404,
      code: "route_not_found",
      message:
        `No route at ${echo(path)}. This ServiceKit answers under ${mountPath}` +
        (guess === undefined ? `; its routes are listed in ${mountPath}/v1/openapi.json.` : `: did you mean ${guess}?`)
    })
  }
}
