// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the carrierReports group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const carrierReportsRoutes = {
  /**
   * Twilio's call status callback
   *
   * Set as the status callback of hosted SIP's calls at Twilio (`<publicUrl><mountPath>/carriers/twilio/calls`). Enabled by SERVICEKIT_TWILIO_AUTH_TOKEN; without it, 404 carrier_reports_off. A request without Twilio's valid `X-Twilio-Signature` of this URL is a 401 invalid_carrier_signature and stores nothing. A final status (completed, busy, no-answer, failed, canceled) becomes a call record of the tenant holding the callee's number (a call in) or the caller's (a call out), under the same id as the softphone relay's record of the same SIP Call-ID (`SipCallId`), so a call reported by both, or reported again, is one record; an earlier status is acknowledged and not stored. Numbers no tenant holds are a 404 unknown_carrier_number.
   */
  "carrierReports.twilioCallStatus": ["POST", "/carriers/twilio/calls", "400 401 404 405 413 500", "form"]
} as const
