// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the mailDomains group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const mailDomainsRoutes = {
  /** List the sending domains, by name */
  "mailDomains.listMailDomains": ["GET", "/v1/transactional/domains", "400 401 403 405 429 500"],
  /**
   * Add a sending domain
   *
   * Makes the domain's DKIM key (2048-bit RSA; the private key sealed at rest and never shown) and answers the records to publish: the DKIM TXT record (required), a DMARC record, when the platform names its SPF domain an SPF record, and when it has a bounce domain a return-path CNAME (recommended). Then publish them and call verify. The account needs Business Email; at most 50 domains.
   */
  "mailDomains.addMailDomain": ["POST", "/v1/transactional/domains", "400 401 403 404 405 409 413 429 500"],
  /** Get a sending domain */
  "mailDomains.getMailDomain": ["GET", "/v1/transactional/domains/{id}", "400 401 403 404 405 429 500"],
  /** Delete a sending domain and its DKIM key */
  "mailDomains.deleteMailDomain": ["DELETE", "/v1/transactional/domains/{id}", "400 401 403 404 405 429 500"],
  /**
   * Check a sending domain's records now
   *
   * Reads each record from DNS (SERVICEKIT_DNS_SERVERS, or the system's resolvers) and answers, per record, what is missing or wrong. The domain is verified while its DKIM record carries its key, and failed when that record is wrong or goes away; the kit also checks every domain again every six hours.
   */
  "mailDomains.verifyMailDomain": ["POST", "/v1/transactional/domains/{id}/verify", "400 401 403 404 405 429 500 503"]
} as const
