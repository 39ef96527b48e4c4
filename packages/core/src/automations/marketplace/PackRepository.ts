import { Context, Effect, Layer, Option } from "effect"
import { tenantRowsOf } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { PackInstallation, PackVersion } from "./Pack.js"

/** A version of an account's pack without its content: what listings read. */
export type PackVersionSummary = Omit<PackVersion, "content">

/** Accounts' published pack versions (immutable) and installations. */
export class PackRepository extends Context.Tag("@servicekit/core/PackRepository")<
  PackRepository,
  {
    /** Stores a new version; false (nothing written) when the account has this version of the pack already. */
    readonly insertVersion: (version: PackVersion) => Effect.Effect<boolean>
    readonly findVersion: (
      tenantId: string,
      packId: string,
      version: string
    ) => Effect.Effect<Option.Option<PackVersion>>
    /** Every version the account published, without content, by pack id then oldest first. */
    readonly versions: (tenantId: string) => Effect.Effect<ReadonlyArray<PackVersionSummary>>
    readonly findInstallation: (tenantId: string, packId: string) => Effect.Effect<Option.Option<PackInstallation>>
    /** Stores the installation under its pack id, replacing what was there. */
    readonly saveInstallation: (installation: PackInstallation) => Effect.Effect<void>
    readonly installations: (tenantId: string) => Effect.Effect<ReadonlyArray<PackInstallation>>
  }
>() {
  static readonly layerMemory: Layer.Layer<PackRepository, never, MemoryDatabase> = Layer.effect(
    PackRepository,
    Effect.map(MemoryDatabase, (db) => {
      const versions = new Map<string, PackVersion>()
      const installations = new Map<string, PackInstallation>()
      db.holdsTenantRows("automation_skill_packs", tenantRowsOf(versions, (version) => version.tenantId))
      db.holdsTenantRows("automation_skill_installs", tenantRowsOf(installations, (installed) => installed.tenantId))
      const versionKey = (tenantId: string, packId: string, version: string) => `${tenantId}/${packId}/${version}`
      const installationKey = (tenantId: string, packId: string) => `${tenantId}/${packId}`
      const byPackThenAge = (a: PackVersion, b: PackVersion) =>
        a.packId < b.packId ? -1 : a.packId > b.packId ? 1 : a.createdAt.getTime() - b.createdAt.getTime()
      return PackRepository.of({
        insertVersion: (version) =>
          db.run((undo) => {
            const key = versionKey(version.tenantId, version.packId, version.version)
            if (versions.has(key)) return false
            versions.set(key, version)
            undo(() => versions.delete(key))
            return true
          }),
        findVersion: (tenantId, packId, version) =>
          db.run(() => Option.fromNullable(versions.get(versionKey(tenantId, packId, version)))),
        versions: (tenantId) =>
          db.run(() =>
            [...versions.values()]
              .filter((version) => version.tenantId === tenantId)
              .sort(byPackThenAge)
              .map(({ content: _content, ...summary }) => summary)
          ),
        findInstallation: (tenantId, packId) =>
          db.run(() => Option.fromNullable(installations.get(installationKey(tenantId, packId)))),
        saveInstallation: (installation) =>
          db.run((undo) => {
            const key = installationKey(installation.tenantId, installation.packId)
            const previous = installations.get(key)
            installations.set(key, installation)
            undo(() => (previous === undefined ? installations.delete(key) : installations.set(key, previous)))
          }),
        installations: (tenantId) =>
          db.run(() =>
            [...installations.values()]
              .filter((installation) => installation.tenantId === tenantId)
              .sort((a, b) => (a.packId < b.packId ? -1 : 1))
          )
      })
    })
  )
}
