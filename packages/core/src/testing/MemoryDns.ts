import { Effect, Layer } from "effect"
import { DnsResolver } from "../platform/Dns.js"

/** DNS in memory: TXT records by name (lowercase), set and removed by a test. */
export const makeMemoryDns = () => {
  const records = new Map<string, ReadonlyArray<string>>()
  const resolver: DnsResolver["Type"] = {
    txt: (name) => Effect.sync(() => records.get(name.toLowerCase().replace(/\.$/, "")) ?? [])
  }
  return {
    layer: Layer.succeed(DnsResolver, resolver),
    /** Publishes TXT records at `name`, replacing any there. */
    setTxt: (name: string, values: ReadonlyArray<string>) => {
      records.set(name.toLowerCase(), values)
    },
    remove: (name: string) => {
      records.delete(name.toLowerCase())
    }
  }
}

/** A DNS with no records: every domain is unverified. */
export const layerMemoryDns: Layer.Layer<DnsResolver> = Layer.suspend(() => makeMemoryDns().layer)
