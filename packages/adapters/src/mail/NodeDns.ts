import { Resolver } from "node:dns/promises"
import { DnsResolver, DnsUnavailable } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"

export interface NodeDnsOptions {
  /** `host` or `host:port` of the resolvers to ask (`[v6]:port` for IPv6); the system's when none. */
  readonly servers?: ReadonlyArray<string> | undefined
}

/** Answers that mean the name or such records do not exist: no records, not a failure. */
const ABSENT = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN", "ENONAME"])

/** DnsResolver over node:dns (c-ares): a lookup is given up after 3 s per try, 2 tries per server. */
export const layerNodeDns = (options: NodeDnsOptions = {}): Layer.Layer<DnsResolver> =>
  Layer.sync(DnsResolver, () => {
    const resolver = new Resolver({ timeout: 3_000, tries: 2 })
    if (options.servers !== undefined && options.servers.length > 0) resolver.setServers([...options.servers])
    /** A lookup whose answer of no such name or record is none. */
    const lookup = <A>(name: string, resolve: () => Promise<ReadonlyArray<A>>) =>
      Effect.tryPromise({ try: resolve, catch: (error) => error as NodeJS.ErrnoException }).pipe(
        Effect.catchAll((error) =>
          ABSENT.has(String(error.code))
            ? Effect.succeed([])
            : Effect.fail(new DnsUnavailable({ message: `DNS lookup of ${name} failed: ${error.code ?? error.message}` }))
        )
      )
    return {
      txt: (name) =>
        Effect.map(
          lookup(name, () => resolver.resolveTxt(name)),
          (records) => records.map((chunks) => chunks.join(""))
        ),
      cname: (name) =>
        Effect.map(
          lookup(name, () => resolver.resolveCname(name)),
          (targets) => targets.map((target) => target.toLowerCase().replace(/\.$/, ""))
        )
    }
  })
