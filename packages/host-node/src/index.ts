/**
 * @servicekit/host-node — ServiceKit on node:http, a Node listener for embedding
 * in Express/Fastify/etc., and the `servicekit` CLI.
 */
export { ConfigurationError, resolveConfig, type HostConfig, type HostOptions } from "./Config.js"
export { DataFolderBusy, DataFolderUnusable } from "./DataFolderLock.js"
export { bootstrapDevelopmentTenant, type DevelopmentTenant } from "./DevBootstrap.js"
export { answerClientError } from "./ClientError.js"
export { toNodeListener } from "./NodeListener.js"
export { type HostModule, createServiceKit, portsLayer, type NodeServiceKit } from "./Runtime.js"
export { startInboundReports } from "./InboundReports.js"
export { serveUntilSignalled, workUntilSignalled } from "./Serve.js"
export { listen, type RunningServer } from "./Server.js"
