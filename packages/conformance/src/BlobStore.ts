import { Cause, Effect, Exit, type Layer, ManagedRuntime, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BlobStore } from "@servicekit/core/internal"

const readAll = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer())

/** Byte by byte: a deep equality of megabytes would take the test's whole time. */
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) =>
  a !== undefined && a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i])

/**
 * The behaviour every BlobStore must share. Each test works under a folder of its own, so suites
 * for one backend (a bucket, a folder) can run side by side.
 */
export const blobStoreConformance = (name: string, makeLayer: () => Layer.Layer<BlobStore, unknown>) =>
  describe(`BlobStore conformance: ${name}`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<BlobStore, unknown>
    beforeAll(async () => {
      runtime = ManagedRuntime.make(makeLayer())
      await runtime.runtime()
    })
    afterAll(() => runtime?.dispose())

    const run = <A>(use: (store: BlobStore["Type"]) => Effect.Effect<A>) => runtime.runPromise(Effect.flatMap(BlobStore, use))
    const folder = () => `conformance/${crypto.randomUUID()}/`
    const read = async (key: string) => {
      const found = await run((store) => store.open(key))
      if (Option.isNone(found)) return undefined
      const bytes = await readAll(found.value.body)
      expect(found.value.size).toBe(bytes.byteLength)
      return bytes
    }

    it("gives back the bytes stored under a key, with their size", async () => {
      const key = `${folder()}a.png`
      const bytes = Uint8Array.from({ length: 1_000 }, (_, i) => i % 256)
      await run((store) => store.put(key, bytes))
      expect(await read(key)).toEqual(bytes)
    })

    it("keeps an empty blob and a blob of several megabytes whole", async () => {
      const base = folder()
      const large = Uint8Array.from({ length: 5 * 1024 * 1024 + 3 }, (_, i) => (i * 31) % 251)
      await run((store) => Effect.zipRight(store.put(`${base}empty`, new Uint8Array(0)), store.put(`${base}large`, large)))
      expect(await read(`${base}empty`)).toEqual(new Uint8Array(0))
      expect(sameBytes(await read(`${base}large`), large)).toBe(true)
    })

    it("answers none for a key never stored", async () => {
      expect(await read(`${folder()}missing`)).toBeUndefined()
    })

    it("replaces a blob stored again under its key", async () => {
      const key = `${folder()}b`
      await run((store) => Effect.zipRight(store.put(key, Uint8Array.of(1, 2, 3)), store.put(key, Uint8Array.of(9))))
      expect(await read(key)).toEqual(Uint8Array.of(9))
    })

    it("keeps what it stored when the caller's array changes afterwards", async () => {
      const key = `${folder()}c`
      const bytes = Uint8Array.of(1, 2, 3)
      await run((store) => store.put(key, bytes))
      bytes[0] = 7
      expect(await read(key)).toEqual(Uint8Array.of(1, 2, 3))
    })

    it("removes a blob, and removing one not there is no error", async () => {
      const key = `${folder()}d`
      await run((store) => store.put(key, Uint8Array.of(1)))
      await run((store) => Effect.zipRight(store.remove(key), store.remove(key)))
      expect(await read(key)).toBeUndefined()
    })

    it("removes every blob under a prefix and nothing beside it", async () => {
      const base = folder()
      const keys = [`${base}t1/x`, `${base}t1/deep/y`, `${base}t10/z`, `${base}t1z`]
      await run((store) => Effect.forEach(keys, (key) => store.put(key, Uint8Array.of(5)), { discard: true }))
      await run((store) => Effect.zipRight(store.removeUnder(`${base}t1/`), store.removeUnder(`${base}none/`)))
      expect(await read(keys[0]!)).toBeUndefined()
      expect(await read(keys[1]!)).toBeUndefined()
      expect(await read(keys[2]!)).toEqual(Uint8Array.of(5))
      expect(await read(keys[3]!)).toEqual(Uint8Array.of(5))
    })

    it("lists the keys under a prefix in order, page after page, and nothing beside them", async () => {
      const base = folder()
      const under = [`${base}t1/a.txt`, `${base}t1/deep/er/b`, `${base}t1/deep/z`, `${base}t1/x-1`, `${base}t1/x.2`]
      const beside = [`${base}t10/z`, `${base}t1z`]
      await run((store) => Effect.forEach([...beside, ...under].reverse(), (key) => store.put(key, Uint8Array.of(5)), { discard: true }))
      const all = await run((store) => store.listUnder(`${base}t1/`, undefined, 100))
      expect(all).toEqual([...under].sort())
      const first = await run((store) => store.listUnder(`${base}t1/`, undefined, 2))
      const second = await run((store) => store.listUnder(`${base}t1/`, first[1], 2))
      const third = await run((store) => store.listUnder(`${base}t1/`, second[1], 2))
      expect([...first, ...second, ...third]).toEqual(all)
      expect(await run((store) => store.listUnder(`${base}t1/`, all[all.length - 1], 2))).toEqual([])
      expect(await run((store) => store.listUnder(`${base}none/`, undefined, 10))).toEqual([])
    })

    it("refuses keys that could leave its folder or bucket", async () => {
      for (const key of ["../x", "a/../../x", "/a", "a//b", "a/./b", "", "a\u0000b", "a\\b", "a/"]) {
        const exit = await runtime.runPromiseExit(Effect.flatMap(BlobStore, (store) => store.put(key, Uint8Array.of(1))))
        expect(Exit.isFailure(exit) && Cause.isDie(exit.cause), key).toBe(true)
      }
      const exit = await runtime.runPromiseExit(Effect.flatMap(BlobStore, (store) => store.removeUnder("a")))
      expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
    })
  })
