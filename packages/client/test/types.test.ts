import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { expect, it } from "vitest"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const fixture = fileURLToPath(new URL("../type-fixtures/calls.ts", import.meta.url))

/** The fixture's diagnostics under the repository's compiler options, by 1-based line. */
const diagnosticsByLine = () => {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
    }
  })!
  const program = ts.createProgram([fixture], config.options)
  const byLine = new Map<number, Array<string>>()
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const where = diagnostic.file?.fileName === fixture ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start!) : undefined
    const line = where === undefined ? 0 : where.line + 1
    byLine.set(line, [...(byLine.get(line) ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")])
  }
  return byLine
}

it("refuses to compile a wrong body, an unknown query key, a missing path id and a code the operation does not answer", () => {
  const lines = readFileSync(fixture, "utf8").split("\n")
  const refused = lines.flatMap((text, index) => (text.includes("// refused:") ? [index + 1] : []))
  expect(refused.length).toBeGreaterThanOrEqual(15)
  const diagnostics = diagnosticsByLine()
  for (const line of refused) expect(diagnostics.has(line), `line ${line} compiles: ${lines[line - 1].trim()}`).toBe(true)
  const unexpected = [...diagnostics].filter(([line]) => !refused.includes(line))
  expect(unexpected, "only the marked lines fail").toEqual([])
}, 120_000)
