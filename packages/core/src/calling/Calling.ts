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
import { CarrierCallLog } from "./CarrierCallLog.js"
import { carrierReportHandlers, hostedNumbersAdminHandlers } from "./CarrierHandlers.js"
import { HostedNumbers } from "./HostedNumbers.js"
import { writeSampleCalls } from "./SampleCalls.js"

/**
 * Business Calling: read-only call detail records and usage over API keys with voice:read, the
 * tenant's calls and SIP setup for its dashboard over dashboard tokens, and the call log filled by
 * the softphone relay and the hosted SIP carrier's signed reports.
 */
export const calling = defineModule({
  name: "calling",
  products: [{ name: "voice", keys: { scopes: ["voice:read"] } }],
  settings: callingSettings,
  groups: groups(
    callingHandlers,
    callsDashboardHandlers,
    sipDashboardHandlers,
    softphoneHandlers,
    carrierReportHandlers,
    hostedNumbersAdminHandlers
  ),
  // The softphone and the carrier record calls through their call logs, which write through the calling service.
  services: Softphone.layer.pipe(
    Layer.provideMerge(Layer.merge(RelayedCallLog.layer, CarrierCallLog.layer)),
    Layer.provideMerge(Layer.merge(CallingService.layer, SipService.layer))
  ),
  memory: Layer.mergeAll(
    CallRepository.layerMemory,
    SipRepository.layerMemory,
    CallsInProgress.layerMemory,
    HostedNumbers.layerMemory
  ),
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
