import { Context, Data, type Effect } from "effect"

/** The resolvers could not answer (timed out, refused, unreachable): not the same as no record. */
export class DnsUnavailable extends Data.TaggedError("DnsUnavailable")<{ readonly message: string }> {}

/**
 * Reads the public DNS: the TXT records at a name, each as one string (its chunks joined), and the
 * CNAME a name is an alias of (lowercase, no trailing dot); none when the name or such records do
 * not exist. The system resolver or configured servers.
 */
export class DnsResolver extends Context.Tag("@servicekit/core/DnsResolver")<
  DnsResolver,
  {
    readonly txt: (name: string) => Effect.Effect<ReadonlyArray<string>, DnsUnavailable>
    readonly cname: (name: string) => Effect.Effect<ReadonlyArray<string>, DnsUnavailable>
  }
>() {}
