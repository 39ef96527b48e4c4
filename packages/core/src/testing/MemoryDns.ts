import { Effect, Layer } from "effect"
import { DnsResolver } from "../platform/Dns.js"

const keyOf = (name: string) => name.toLowerCase().replace(/\.$/, "")

/** DNS in memory: TXT and CNAME records by name (lowercase), set and removed by a test. */
export const makeMemoryDns = () => {
  const records = new Map<string, ReadonlyArray<string>>()
  const aliases = new Map<string, string>()
  const resolver: DnsResolver["Type"] = {
    txt: (name) => Effect.sync(() => records.get(keyOf(name)) ?? []),
    cname: (name) => Effect.sync(() => (aliases.has(keyOf(name)) ? [aliases.get(keyOf(name))!] : []))
  }
  return {
    layer: Layer.succeed(DnsResolver, resolver),
    /** Publishes TXT records at `name`, replacing any there. */
    setTxt: (name: string, values: ReadonlyArray<string>) => {
      records.set(keyOf(name), values)
    },
    /** Makes `name` an alias of `target`. */
    setCname: (name: string, target: string) => {
      aliases.set(keyOf(name), keyOf(target))
    },
    remove: (name: string) => {
      records.delete(keyOf(name))
      aliases.delete(keyOf(name))
    }
  }
}

/** A DNS with no records: every domain is unverified. */
export const layerMemoryDns: Layer.Layer<DnsResolver> = Layer.suspend(() => makeMemoryDns().layer)
