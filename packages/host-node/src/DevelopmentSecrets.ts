import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { ensureDataFolder } from "./DataFolderLock.js"

export const secretsFile = (dataDir: string) => join(dataDir, "secrets.json")

/** Dev secrets live in the data folder (mode 0600) so restarts keep tokens valid. */
export const secretFromDataDir = (dataDir: string, name: string): string => {
  const file = secretsFile(dataDir)
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {}
  if (stored[name] === undefined) {
    ensureDataFolder(dataDir)
    stored[name] = randomBytes(32).toString("hex")
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return stored[name]
}
