import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import {
  accentColorProblem,
  brandImageSources,
  brandNameProblem,
  brandStyles,
  defaultBrand,
  logoUrlProblem
} from "../src/platform/Branding.js"
import { contrastRatio, formatRatio, mixColors, relativeLuminance } from "../src/platform/Contrast.js"

describe("WCAG contrast", () => {
  it("runs from 1:1 for a colour against itself to 21:1 for black on white, either way round", () => {
    expect(relativeLuminance("#000000")).toBe(0)
    expect(relativeLuminance("#FFFFFF")).toBe(1)
    expect(contrastRatio("#000000", "#ffffff")).toBe(21)
    expect(contrastRatio("#ffffff", "#000000")).toBe(21)
    expect(contrastRatio("#2f5bd3", "#2f5bd3")).toBe(1)
  })

  it("agrees with the published figures around the 4.5:1 line", () => {
    // #767676 is the lightest grey that passes on white; #777777 just fails.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2)
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2)
    expect(contrastRatio("#ff0000", "#ffffff")).toBeCloseTo(4.0, 2)
    expect(contrastRatio("#0000ff", "#ffffff")).toBeCloseTo(8.59, 2)
  })

  it("quotes a ratio rounded down, so that a refused colour never reads as enough", () => {
    expect(formatRatio(4.4999)).toBe("4.49:1")
    expect(formatRatio(21)).toBe("21.00:1")
  })

  it("mixes a colour towards another channel by channel", () => {
    expect(mixColors("#2f5bd3", "#000000", 0)).toBe("#2f5bd3")
    expect(mixColors("#2f5bd3", "#ffffff", 1)).toBe("#ffffff")
    expect(mixColors("#204060", "#000000", 0.5)).toBe("#102030")
  })
})

describe("a brand", () => {
  it("takes an accent that text can be read on and against, and refuses one too light, naming its ratios", () => {
    expect(accentColorProblem(defaultBrand.accentColor)).toBeUndefined()
    expect(accentColorProblem("#0B6E4F")).toBeUndefined()
    // Passes on white (4.54:1) but not on the console's grey background.
    expect(accentColorProblem("#767676")).toBe(
      "#767676 has a contrast of 4.54:1 with white text on it and 4.23:1 as text on the pages' light grey " +
        "(#f6f7f9); text needs at least 4.50:1 (WCAG AA): choose a darker colour"
    )
    expect(accentColorProblem("#ffcc00")).toMatch(/^#ffcc00 has a contrast of 1\.\d\d:1 with white text on it/)
    for (const written of ["red", "#abc", "2f5bd3", "#2f5bd3ff", "#gggggg", " #2f5bd3"]) {
      expect(accentColorProblem(written)).toBe(`"${written}" is not a colour written #rrggbb`)
    }
  })

  it("takes a name of up to 60 characters, hostile text included, but no control character", () => {
    expect(brandNameProblem("Acme Support")).toBeUndefined()
    expect(brandNameProblem(`<script>alert("x")</script> & 'co'`)).toBeUndefined()
    expect(brandNameProblem("x".repeat(60))).toBeUndefined()
    expect(brandNameProblem("x".repeat(61))).toBe("it is 61 characters long, more than 60")
    expect(brandNameProblem("x".repeat(10_000))).toBe("it is 10000 characters long, more than 60")
    expect(brandNameProblem("  ")).toBe("it is empty")
    expect(brandNameProblem("Acme\u0000")).toBe("it contains a control character")
    expect(brandNameProblem("Acme\nSupport")).toBe("it contains a control character")
  })

  it("takes a logo from an https: address, a data:image/ URL or a path on the kit's origin", () => {
    for (const logo of [
      "https://cdn.example.com/acme.svg",
      "data:image/png;base64,iVBORw0KGgo=",
      "data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E",
      "/static/acme.svg"
    ]) {
      expect(logoUrlProblem(logo), logo).toBeUndefined()
    }
    for (const logo of [
      "http://cdn.example.com/acme.svg",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/logo.png",
      "/\\evil.example/logo.png",
      "https://user:pass@cdn.example.com/acme.svg",
      "https://cdn.example.com/a b.svg",
      "acme.svg"
    ]) {
      expect(logoUrlProblem(logo), logo).toBe(
        "it must be an https: address, a data:image/ URL or a path on the kit's origin such as /logo.svg"
      )
    }
    expect(logoUrlProblem(`data:image/png;base64,${"A".repeat(70_000)}`)).toMatch(/more than 65536$/)
  })

  it("lets pages load images from their own origin, inline, and from the logo's origin only", () => {
    expect(brandImageSources(defaultBrand)).toBe("'self' data:")
    expect(brandImageSources({ ...defaultBrand, logoUrl: "/static/acme.svg" })).toBe("'self' data:")
    expect(brandImageSources({ ...defaultBrand, logoUrl: "https://cdn.example.com:8443/a/acme.svg?v=2" })).toBe(
      "'self' data: https://cdn.example.com:8443"
    )
  })

  it("gives its accent with a darker and a paler shade; ServiceKit's are the console's own colours", () => {
    expect(brandStyles({ name: "Acme", accentColor: "#0B6E4F" })).toBe(
      ":root{--accent:#0b6e4f;--accent-strong:#09583f;--accent-soft:#e7f1ed}\n"
    )
    const console = readFileSync(new URL("../../console/src/app/styles.css", import.meta.url), "utf8")
    for (const [, name, value] of brandStyles(defaultBrand).matchAll(/(--accent[a-z-]*):(#[0-9a-f]{6})/g)) {
      expect(console).toContain(`${name}: ${value};`)
    }
  })
})
