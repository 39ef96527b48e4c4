import { type Client, createClient } from "@servicekit/client"

/** What the page tells the app about the kit that serves it (see core's Console.ts). */
export interface Catalog {
  readonly scopesByProduct: Readonly<Record<string, ReadonlyArray<string>>>
  /** Every event of the catalog, with its product (null: any tenant's, whatever its products). */
  readonly webhookEvents: ReadonlyArray<CatalogEvent>
}

/** An event as its product declares it; `description` and `example` (a whole body) are null for one never sent. */
export interface CatalogEvent {
  readonly name: string
  readonly product: string | null
  readonly description: string | null
  readonly example: unknown
}

/** The platform's brand, shown where the console names itself; its colours come in the page's brand stylesheet. */
export interface Brand {
  readonly name: string
  readonly logoUrl: string | null
}

export interface Kit {
  /** The mount path, e.g. `/api`. */
  readonly apiPath: string
  readonly catalog: Catalog
  readonly brand: Brand
}

export const kitOf = (element: HTMLElement): Kit => ({
  apiPath: element.dataset.api ?? "/api",
  catalog: JSON.parse(element.dataset.catalog ?? "{}"),
  brand: JSON.parse(element.dataset.brand ?? '{"name":"ServiceKit","logoUrl":null}')
})

/**
 * The typed client on this origin with the dashboard token, and nothing else: no API key ever.
 * A 401 means the token is no longer accepted (expired or revoked): `onRefused` signs out.
 */
export const dashboardClient = (kit: Kit, token: string, onRefused: () => void): Client =>
  createClient({
    baseUrl: `${location.origin}${kit.apiPath}`,
    dashboardToken: token,
    maxRetries: 0,
    fetch: async (input, init) => {
      const response = await fetch(input, init)
      if (response.status === 401) onRefused()
      return response
    }
  })

/** An error answer as one readable line, with the fields a validation failure names. */
export const describeError = (error: {
  readonly message?: string
  readonly details?: ReadonlyArray<{ readonly field: string; readonly reason: string }> | undefined
}): string => {
  const fields = (error.details ?? []).map((detail) => `${detail.field} ${detail.reason}`)
  return [error.message ?? "The request failed.", ...fields].join(" ")
}
