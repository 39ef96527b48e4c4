import { afterAll, beforeAll, vi } from "vitest"

/** What the process writes to stdout while the file's tests run (the kit's log lines), still written through. */
export const captureStdout = () => {
  const written: Array<string> = []
  beforeAll(() => {
    const write = process.stdout.write.bind(process.stdout)
    vi.spyOn(process.stdout, "write").mockImplementation((chunk, ...rest: Array<any>) => {
      written.push(String(chunk))
      return write(chunk, ...rest)
    })
  })
  afterAll(() => vi.restoreAllMocks())
  const text = () => written.join("")
  return { text, lines: (containing: string) => text().split("\n").filter((line) => line.includes(containing)) }
}
