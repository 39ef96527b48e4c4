import type { ServiceKit } from "@servicekit/core"

/**
 * A voice tenant with one read key per named IP allowlist (undefined: no allowlist), to see which
 * client address a mount hands to ServiceKit.
 */
export const fencedKeys = async <Name extends string>(
  kit: ServiceKit.ServiceKit<unknown>,
  name: string,
  allowlists: Record<Name, ReadonlyArray<string> | undefined>
) => {
  const tenant = await kit.admin.createTenant({ name, entitlements: ["voice"] })
  const keys = {} as Record<Name, string>
  for (const [key, ipAllowlist] of Object.entries(allowlists) as Array<[Name, ReadonlyArray<string> | undefined]>) {
    const created = await kit.admin.createKey({
      tenantId: tenant.id,
      product: "voice",
      environment: "live",
      scopes: ["voice:read"],
      ipAllowlist
    })
    keys[key] = created.key
  }
  return { tenantId: tenant.id, keys }
}
