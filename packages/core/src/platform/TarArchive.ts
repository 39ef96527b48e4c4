import { Effect, Stream } from "effect"

/**
 * Writing a tar archive (POSIX pax/ustar) as a stream: what `tar` on every system reads. An entry's
 * size goes in its header, before its bytes, so each entry is either bytes at hand or a stream of
 * a known size (a stored file).
 */

const BLOCK = 512
const encoder = new TextEncoder()

/** One file of the archive. */
export interface TarEntry {
  /** Its path in the archive, `/`-separated, in ASCII. */
  readonly name: string
  readonly modifiedAt: Date
  readonly body: Uint8Array | { readonly size: number; readonly bytes: Stream.Stream<Uint8Array> }
}

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0")

/** A header block: ustar fields at their offsets, the checksum last over the whole block. */
const headerBlock = (name: string, size: number, modifiedAt: Date, type: "0" | "x") => {
  const block = new Uint8Array(BLOCK)
  const put = (offset: number, text: string) => block.set(encoder.encode(text), offset)
  put(0, name)
  put(100, "0000644\0")
  put(108, "0000000\0")
  put(116, "0000000\0")
  put(124, `${octal(size, 12)}\0`)
  put(136, `${octal(Math.max(0, Math.floor(modifiedAt.getTime() / 1000)), 12)}\0`)
  put(148, "        ")
  put(156, type)
  put(257, "ustar\0")
  put(263, "00")
  const sum = block.reduce((total, byte) => total + byte, 0)
  put(148, `${octal(sum, 7)}\0`)
  return block
}

/** A pax record (`<length> path=<name>\n`): its length counts its own digits. */
const paxRecord = (key: string, value: string) => {
  const rest = ` ${key}=${value}\n`
  let length = rest.length + 1
  while (`${length}${rest}`.length !== length) length++
  return `${length}${rest}`
}

/** Zeros up to the next block. */
const padding = (size: number) => new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK)

/** The header of an entry: a pax header first when the name does not fit ustar's 100 bytes. */
export const tarHeader = (name: string, size: number, modifiedAt: Date): Uint8Array => {
  if (name.length <= 100) return headerBlock(name, size, modifiedAt, "0")
  const pax = encoder.encode(paxRecord("path", name))
  const parts = [
    headerBlock(`PaxHeader/${name.slice(-80)}`, pax.byteLength, modifiedAt, "x"),
    pax,
    padding(pax.byteLength),
    headerBlock(name.slice(0, 100), size, modifiedAt, "0")
  ]
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0))
  parts.reduce((offset, part) => (joined.set(part, offset), offset + part.byteLength), 0)
  return joined
}

/** An entry's bytes as its header promised: a stored file that changed size meanwhile fails the archive. */
const sized = (size: number, bytes: Stream.Stream<Uint8Array>, name: string) =>
  Stream.suspend(() => {
    let read = 0
    const changed = Effect.dieMessage(`${name} changed size while it was archived`)
    return bytes.pipe(
      Stream.tap((chunk) => ((read += chunk.byteLength) > size ? changed : Effect.void)),
      Stream.concat(Stream.drain(Stream.fromEffect(Effect.suspend(() => (read === size ? Effect.void : changed)))))
    )
  })

/** The archive of the entries, in their order, then the two zero blocks that end it. */
export const tarArchive = (entries: Stream.Stream<TarEntry>): Stream.Stream<Uint8Array> =>
  entries.pipe(
    Stream.flatMap(
      (entry) => {
        const size = entry.body instanceof Uint8Array ? entry.body.byteLength : entry.body.size
        const bytes = entry.body instanceof Uint8Array ? Stream.make(entry.body) : sized(size, entry.body.bytes, entry.name)
        return Stream.make(tarHeader(entry.name, size, entry.modifiedAt)).pipe(
          Stream.concat(bytes),
          Stream.concat(Stream.make(padding(size)))
        )
      },
      { concurrency: 1 }
    ),
    Stream.concat(Stream.make(new Uint8Array(2 * BLOCK)))
  )
