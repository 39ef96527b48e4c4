import { Config, ConfigError, Either } from "effect"
import { defineSettings, optionalVariable } from "../module/ModuleSettings.js"
import { defaultSettings } from "../platform/Settings.js"

/** Where the softphone relay sends hosted SIP: the carrier's edge. */
export interface HostedSipProxy {
  readonly host: string
  readonly port: number
  readonly transport: "udp" | "tcp" | "tls"
}

const SIP_PROXY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})(?:;transport=(udp|tcp|tls))?$/i

/** SERVICEKIT_HOSTED_SIP_PROXY: `host:port`, optionally `;transport=udp|tcp|tls` (udp by default). */
export const parseHostedSipProxy = (text: string): HostedSipProxy | undefined => {
  const match = SIP_PROXY.exec(text.trim())
  const port = Number(match?.[2])
  if (match === null || port < 1 || port > 65535) return undefined
  const transport = (match[3]?.toLowerCase() ?? "udp") as HostedSipProxy["transport"]
  return { host: match[1]!.replace(/^\[(.*)\]$/, "$1"), port, transport }
}

/** Business Calling's host options. */
export interface CallingOptions {
  /** The platform carrier's SIP domain; unset, hosted SIP is not offered. */
  readonly hostedSipDomain: string | undefined
  /** Where the softphone relay sends hosted SIP; unset, the hosted domain on UDP port 5060. */
  readonly hostedSipProxy: HostedSipProxy | undefined
  /** The platform's Twilio auth token, for its call status callbacks (see Settings.twilioAuthToken). */
  readonly twilioAuthToken: string | undefined
  /** Seconds between the relay's word that its calls are still going (see Settings.callHeartbeatMs). */
  readonly callHeartbeatSeconds: number
}

/**
 * Hosted SIP, from SERVICEKIT_HOSTED_SIP_DOMAIN, SERVICEKIT_HOSTED_SIP_PROXY and (for the carrier's
 * call reports) SERVICEKIT_TWILIO_AUTH_TOKEN, and the relayed calls' heartbeat from
 * SERVICEKIT_CALL_HEARTBEAT_SECONDS.
 */
export const callingSettings = defineSettings<CallingOptions>({
  environment: () =>
    Config.all({
      hostedSipDomain: optionalVariable("SERVICEKIT_HOSTED_SIP_DOMAIN"),
      hostedSipProxy: optionalVariable("SERVICEKIT_HOSTED_SIP_PROXY").pipe(
        Config.mapOrFail((text) => {
          if (text === undefined) return Either.right(undefined)
          const proxy = parseHostedSipProxy(text)
          return proxy === undefined
            ? Either.left(
                ConfigError.InvalidData(
                  ["SERVICEKIT_HOSTED_SIP_PROXY"],
                  "must be host:port, optionally followed by ;transport=udp, tcp or tls"
                )
              )
            : Either.right(proxy)
        })
      ),
      twilioAuthToken: optionalVariable("SERVICEKIT_TWILIO_AUTH_TOKEN"),
      callHeartbeatSeconds: Config.number("SERVICEKIT_CALL_HEARTBEAT_SECONDS").pipe(
        Config.validate({
          message: "must be a number of seconds from 1 to 3600",
          validation: (n) => n >= 1 && n <= 3600
        }),
        Config.withDefault(defaultSettings.callHeartbeatMs / 1000)
      )
    }),
  settings: ({ callHeartbeatSeconds, hostedSipDomain, hostedSipProxy, twilioAuthToken }) => ({
    hostedSipDomain,
    hostedSipProxy,
    twilioAuthToken,
    callHeartbeatMs: callHeartbeatSeconds * 1000
  })
})
