/** @servicekit/core/calling — Business Calling's records, errors and service. */
export {
  ANSWERED_RESULTS,
  CallResult,
  addWindowTotals,
  noWindowTotals,
  Direction,
  isAnswered,
  type Call,
  type CallQuery,
  type CallTotals,
  type CallWindowTotals
} from "../calling/Call.js"
export { CallNotFound, InvalidCall, InvalidCursor } from "../calling/CallingErrors.js"
export type { SipSettings, SipTransport, SipTrunk } from "../calling/Sip.js"
export { CallingService, IncomingCall, type IngestResult, type VoiceUsage } from "../calling/CallingService.js"
