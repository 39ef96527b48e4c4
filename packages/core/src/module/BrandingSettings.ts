import { Config } from "effect"
import { accentColorProblem, brandNameProblem, defaultBrand, logoUrlProblem } from "../platform/Branding.js"
import { defineSettings, optionalVariable } from "./ModuleSettings.js"

/** The brand as a platform gives it; what it leaves out is ServiceKit's own. */
export interface BrandOptions {
  readonly name?: string | undefined
  readonly logoUrl?: string | undefined
  readonly accentColor?: string | undefined
}

/** The platform's own host options, read the way a module's are. */
export interface BrandingOptions {
  /** Given in code, it replaces the three SERVICEKIT_BRAND_* variables as a whole. */
  readonly brand: BrandOptions
}

const parts = [
  { part: "name", variable: "SERVICEKIT_BRAND_NAME", problemOf: brandNameProblem },
  { part: "logoUrl", variable: "SERVICEKIT_BRAND_LOGO_URL", problemOf: logoUrlProblem },
  { part: "accentColor", variable: "SERVICEKIT_BRAND_ACCENT", problemOf: accentColorProblem }
] as const

/**
 * SERVICEKIT_BRAND_NAME, SERVICEKIT_BRAND_LOGO_URL and SERVICEKIT_BRAND_ACCENT, checked once an
 * option may have replaced them: a brand the console could not show legibly stops the start.
 */
export const brandingSettings = defineSettings<BrandingOptions>({
  environment: () =>
    Config.all({
      name: optionalVariable("SERVICEKIT_BRAND_NAME"),
      logoUrl: optionalVariable("SERVICEKIT_BRAND_LOGO_URL"),
      accentColor: optionalVariable("SERVICEKIT_BRAND_ACCENT")
    }).pipe(Config.map((brand) => ({ brand }))),
  check: ({ brand }) => {
    for (const { part, problemOf, variable } of parts) {
      const value: unknown = brand[part]
      if (value === undefined) continue
      const problem = typeof value === "string" ? problemOf(value) : "it must be text"
      if (problem !== undefined) return `Invalid ${variable} (option brand.${part}): ${problem}`
    }
    return undefined
  },
  settings: ({ brand }) => ({
    brand: {
      name: brand.name?.trim() ?? defaultBrand.name,
      logoUrl: brand.logoUrl,
      accentColor: (brand.accentColor ?? defaultBrand.accentColor).toLowerCase()
    }
  })
})
