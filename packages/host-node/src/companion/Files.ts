import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises"
import { extname, isAbsolute, join, relative, resolve, sep } from "node:path"
import { MAX_DATA_BYTES, MAX_OUTPUT_CHARS } from "@servicekit/core/internal"
import type { CommandResult } from "./DeviceApi.js"
import { CommandFailed, succeeded, withData } from "./Outcome.js"

/** Entries one listing answers at most. */
const MAX_ENTRIES = 1_000

const MIME_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".wav": "audio/wav",
  ".zip": "application/zip"
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path)
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel))
}

const outsideRoot = () =>
  new CommandFailed("outside_root", "The path leaves this node's files root; only files inside it can be reached.")

/**
 * The real path of `requested` inside `root` (itself a real path). Every path is taken from the
 * root, `/` being the root itself (as in a chroot: the node's paths never name the machine's);
 * `..` or a symlink (anywhere along the path) that leads out is refused.
 */
export const pathInRoot = async (root: string, requested: string) => {
  if (requested.includes("\u0000")) throw new CommandFailed("invalid_path", "The path contains a NUL character.")
  const target = resolve(root, `.${sep}${requested}`)
  if (!inside(root, target)) throw outsideRoot()
  let real: string
  try {
    real = await realpath(target)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ENOENT" || code === "ENOTDIR") throw new CommandFailed("not_found", `No such file: ${requested}`)
    throw new CommandFailed("unreadable", `Cannot open ${requested}: ${code ?? String(error)}`)
  }
  if (!inside(root, real)) throw outsideRoot()
  return real
}

const kind = (entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }) =>
  entry.isSymbolicLink() ? "symlink" : entry.isDirectory() ? "directory" : entry.isFile() ? "file" : "other"

/** node.files_list: a folder's entries (symlinks shown, not followed), as JSON text. */
export const listFiles = async (root: string, path: string | undefined): Promise<CommandResult> => {
  const folder = await pathInRoot(root, path ?? ".")
  if (!(await stat(folder)).isDirectory()) throw new CommandFailed("not_a_directory", `${path} is not a folder.`)
  const names = (await readdir(folder)).sort()
  const entries = []
  for (const name of names.slice(0, MAX_ENTRIES)) {
    const info = await lstat(join(folder, name)).catch(() => undefined)
    if (info === undefined) continue
    entries.push({ name, type: kind(info), size: info.size, modifiedAt: info.mtime.toISOString() })
  }
  const shown = relative(root, folder)
  return succeeded(JSON.stringify({ path: shown === "" ? "." : shown, entries, truncated: names.length > MAX_ENTRIES }))
}

/** node.files_read: a text file as the output, any other file as base64 data. */
export const readFileInRoot = async (root: string, path: string): Promise<CommandResult> => {
  const file = await pathInRoot(root, path)
  const info = await stat(file)
  if (!info.isFile()) throw new CommandFailed("not_a_file", `${path} is not a file.`)
  if (info.size > MAX_DATA_BYTES) {
    throw new CommandFailed("too_large", `${path} is ${info.size} bytes; a result carries at most ${MAX_DATA_BYTES}.`)
  }
  const bytes = await readFile(file)
  const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false })
  try {
    const decoded = text.decode(bytes)
    if (!decoded.includes("\u0000") && decoded.length <= MAX_OUTPUT_CHARS) return succeeded(decoded)
  } catch {
    // Not UTF-8: sent as data.
  }
  return withData(bytes, MIME_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream")
}
