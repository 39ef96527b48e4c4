// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the sipDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const sipDashboardRoutes = {
  /**
   * Register or update the own SIP trunk
   *
   * The password is needed for a new trunk and kept when left out of an update; it is encrypted at rest and never shown. Tenant admin.
   */
  "sipDashboard.registerTrunk": ["POST", "/sip/register", "400 401 403 405 409 413 500"],
  /** The own SIP trunk, or null */
  "sipDashboard.getTrunkStatus": ["GET", "/sip/status", "400 401 403 405 500"],
  /** Remove the own SIP trunk (tenant admin) */
  "sipDashboard.removeTrunk": ["DELETE", "/sip", "400 401 403 404 405 500"],
  /** Hosted SIP: the tenant's opt-in and the platform's readiness */
  "sipDashboard.getHostedSip": ["GET", "/sip/our-sip", "400 401 403 405 500"],
  /** Opt into hosted SIP (tenant admin; needs the voice entitlement and no own trunk) */
  "sipDashboard.optInHostedSip": ["POST", "/sip/our-sip/opt-in", "400 401 403 404 405 409 500"],
  /** Opt out of hosted SIP (tenant admin) */
  "sipDashboard.optOutHostedSip": ["POST", "/sip/our-sip/opt-out", "400 401 403 405 500"]
} as const
