import { Either, FastCheck } from "effect"
import { describe, expect, it } from "vitest"
import {
  escapeHtml,
  missingVariables,
  parseTemplateText,
  renderTemplateText,
  variablesOf
} from "../src/platform/TemplateText.js"

const parts = (text: string) => Either.getOrThrow(parseTemplateText(text))

describe("template text", () => {
  it("merges dotted variables, escaping only where asked", () => {
    const template = parts("Hi {{ user.name }}, {{count}} new {{ user.name}}!")
    expect(variablesOf(template)).toEqual(["user.name", "count"])
    const variables = { user: { name: "<Ann & Bob>" }, count: 3 }
    expect(renderTemplateText(template, variables)).toBe("Hi <Ann & Bob>, 3 new <Ann & Bob>!")
    expect(renderTemplateText(template, variables, escapeHtml)).toBe(
      "Hi &lt;Ann &amp; Bob&gt;, 3 new &lt;Ann &amp; Bob&gt;!"
    )
    expect(renderTemplateText(parts("{{a}}|{{b}}|{{c}}"), { a: true, b: { x: 1 }, c: [1, "2"] })).toBe(
      'true|{"x":1}|[1,"2"]'
    )
  })

  it("never writes undefined: a missing or null variable is reported and renders as nothing", () => {
    const template = parts("{{a}}-{{b.c}}-{{d}}")
    const variables = { a: 0, b: { c: null }, toString: "inherited names do not count" }
    expect(missingVariables(template, variables)).toEqual(["b.c", "d"])
    expect(renderTemplateText(template, variables)).toBe("0--")
    expect(missingVariables(parts("{{constructor}}{{__proto__.x}}"), {})).toEqual(["constructor", "__proto__.x"])
  })

  it("names the line and column of a placeholder that does not parse", () => {
    expect(parseTemplateText("ok\n  {{ name ")).toEqual(
      Either.left({ line: 2, column: 3, message: "'{{' is not closed by '}}'" })
    )
    expect(parseTemplateText("{{a {{b}}")).toEqual(
      Either.left({ line: 1, column: 1, message: "'{{' is not closed by '}}'" })
    )
    for (const bad of ["{{}}", "{{ a b }}", "{{a..b}}", "{{1st}}", "{{a.}}"]) {
      const parsed = parseTemplateText(`x ${bad}`)
      expect(Either.isLeft(parsed) && parsed.left.column).toBe(3)
    }
    // A "}}" without "{{" is text: minified CSS has it.
    expect(renderTemplateText(parts("@media{.a{color:red}}"), {})).toBe("@media{.a{color:red}}")
  })

  it("parses or refuses any text without throwing, and renders literal text unchanged", () => {
    FastCheck.assert(
      FastCheck.property(FastCheck.string({ maxLength: 200 }), (text) => {
        const parsed = parseTemplateText(text)
        if (Either.isRight(parsed) && variablesOf(parsed.right).length === 0) {
          expect(renderTemplateText(parsed.right, {})).toBe(text)
        }
      }),
      { numRuns: 500 }
    )
  })
})
