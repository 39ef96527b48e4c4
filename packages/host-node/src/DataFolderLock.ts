import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs"
import { join } from "node:path"

export class DataFolderBusy extends Error {
  override readonly name = "DataFolderBusy"
}

export class DataFolderUnusable extends Error {
  override readonly name = "DataFolderUnusable"
}

/** Creates the data folder if needed; one that cannot be made is a start-up error saying what to do. */
export const ensureDataFolder = (dataDir: string): void => {
  try {
    mkdirSync(dataDir, { recursive: true })
  } catch (error) {
    throw new DataFolderUnusable(
      `The data folder ${dataDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? String(error)}). ` +
        `Set SERVICEKIT_DATA_DIR (or --data-dir) to a folder this process may write, or use PostgreSQL with DATABASE_URL.`
    )
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * The embedded database admits one process at a time. Takes an exclusive lock
 * file in the data folder (stale locks of dead processes are taken over);
 * returns a release function.
 */
export const lockDataFolder = (dataDir: string, holder: string): (() => void) => {
  ensureDataFolder(dataDir)
  const file = join(dataDir, "servicekit.lock")
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600)
      writeSync(fd, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      let owner: { pid?: number; holder?: string } = {}
      try {
        owner = JSON.parse(readFileSync(file, "utf8"))
      } catch {
        // half-written by a process that died: treat as stale
      }
      if (typeof owner.pid === "number" && owner.pid !== process.pid && alive(owner.pid)) {
        throw new DataFolderBusy(
          `The data folder ${dataDir} is in use by ${owner.holder ?? "another servicekit process"} (pid ${owner.pid}). ` +
            `The embedded database admits one process at a time: stop that process and run this again, ` +
            `or run both against PostgreSQL with DATABASE_URL.`
        )
      }
      try {
        unlinkSync(file)
      } catch {
        // someone else took it over first; retry
      }
    }
  }
  throw new DataFolderBusy(`Could not lock the data folder ${dataDir}; another process keeps taking it.`)
}
