import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Chunk, Effect, Exit, Stream } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { type TarEntry, tarArchive } from "../src/platform/TarArchive.js"

const folder = mkdtempSync(join(tmpdir(), "servicekit-tar-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const bytesOf = (entries: ReadonlyArray<TarEntry>) =>
  Effect.runPromiseExit(
    Effect.map(Stream.runCollect(tarArchive(Stream.fromIterable(entries))), (chunks) => Buffer.concat([...Chunk.toReadonlyArray(chunks)]))
  )

/** The archive unpacked by the system's tar, which is what a reader without ServiceKit uses. */
const unpack = (archive: Buffer) => {
  const into = mkdtempSync(join(folder, "out-"))
  writeFileSync(join(into, "archive.tar"), archive)
  execFileSync("tar", ["-xf", "archive.tar"], { cwd: into })
  return into
}

const at = new Date("2026-12-01T10:00:00Z")

describe("tar archives", () => {
  it("writes files the system's tar unpacks byte for byte: empty, streamed in chunks, and names past ustar's 100 bytes", async () => {
    const long = `${"deep/".repeat(30)}file-with-a-long-name.jsonl`
    const longer = `a/${"x".repeat(240)}`
    const streamed = Buffer.alloc(1500, 7)
    const exit = await bytesOf([
      { name: "root/README.txt", modifiedAt: at, body: new TextEncoder().encode("hello\n") },
      { name: "root/empty", modifiedAt: at, body: new Uint8Array(0) },
      { name: `root/${long}`, modifiedAt: at, body: new TextEncoder().encode("{}\n") },
      { name: `root/${longer}`, modifiedAt: at, body: Uint8Array.of(1, 2, 3) },
      {
        name: "root/streamed.bin",
        modifiedAt: at,
        body: { size: streamed.byteLength, bytes: Stream.make(streamed.subarray(0, 100), streamed.subarray(100, 1024), streamed.subarray(1024)) }
      }
    ])
    if (!Exit.isSuccess(exit)) throw new Error(String(exit.cause))
    expect(exit.value.byteLength % 512).toBe(0)
    const root = join(unpack(exit.value), "root")
    expect(readFileSync(join(root, "README.txt"), "utf8")).toBe("hello\n")
    expect(readFileSync(join(root, "empty")).byteLength).toBe(0)
    expect(readFileSync(join(root, long), "utf8")).toBe("{}\n")
    expect([...readFileSync(join(root, longer))]).toEqual([1, 2, 3])
    expect(readFileSync(join(root, "streamed.bin")).equals(streamed)).toBe(true)
    const listed = execFileSync("tar", ["-tvf", "-"], { input: exit.value, encoding: "utf8" })
    expect(listed).toContain("2026-12-01")
  })

  it("fails rather than write an entry whose bytes are not the size its header promised", async () => {
    for (const bytes of [Stream.make(Uint8Array.of(1, 2)), Stream.make(Uint8Array.of(1, 2, 3, 4, 5))]) {
      const exit = await bytesOf([{ name: "changed", modifiedAt: at, body: { size: 4, bytes } }])
      expect(Exit.isFailure(exit)).toBe(true)
      expect(String(Exit.isFailure(exit) ? exit.cause : "")).toContain("changed size while it was archived")
    }
  })
})
