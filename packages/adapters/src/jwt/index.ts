export { layerJoseVerifier, signDashboardToken } from "./JoseDashboardTokens.js"
