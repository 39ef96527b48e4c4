import { Effect, Layer } from "effect"
import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { callingSettings } from "./CallingSettings.js"
import { CallingService } from "./CallingService.js"
import { callingSkills } from "./CallingSkills.js"
import { callingCommands } from "./CallingCommands.js"
import { callingHandlers } from "./CallingHandlers.js"
import { callsDashboardHandlers } from "./CallsDashboardHandlers.js"
import { sipDashboardHandlers } from "./SipDashboardHandlers.js"
import { SipRepository } from "./SipRepository.js"
import { SipService } from "./SipService.js"
import { Softphone } from "./Softphone.js"
import { softphoneHandlers } from "./SoftphoneHandlers.js"
import { CallRepository } from "./CallRepository.js"
import { CallsInProgress } from "./CallsInProgress.js"
import { RelayedCallLog } from "./RelayedCallLog.js"
import { writeSampleCalls } from "./SampleCalls.js"

/**
 * Business Calling: read-only call detail records and usage over API keys with voice:read, and
 * the tenant's calls and SIP setup for its dashboard over dashboard tokens.
 */
export const calling = defineModule({
  name: "calling",
  products: [{ name: "voice", keys: { scopes: ["voice:read"] } }],
  settings: callingSettings,
  groups: groups(callingHandlers, callsDashboardHandlers, sipDashboardHandlers, softphoneHandlers),
  // The softphone records the calls it carries through their call log, which writes through the calling service.
  services: Softphone.layer.pipe(
    Layer.provideMerge(RelayedCallLog.layer),
    Layer.provideMerge(Layer.merge(CallingService.layer, SipService.layer))
  ),
  memory: Layer.mergeAll(CallRepository.layerMemory, SipRepository.layerMemory, CallsInProgress.layerMemory),
  commands: callingCommands,
  skills: callingSkills,
  periodic: [
    {
      name: "calling.relayed-calls.sweep",
      every: (settings) => settings.callHeartbeatMs,
      run: Effect.flatMap(RelayedCallLog, (log) => log.sweep)
    }
  ],
  development: {
    product: "voice",
    scopes: ["voice:read"],
    tryIt: (baseUrl, key) => `curl -H "Authorization: Bearer ${key}" ${baseUrl}/v1/voice/calls`,
    samples: writeSampleCalls
  }
})
