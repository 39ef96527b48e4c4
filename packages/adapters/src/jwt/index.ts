export { layerJoseDashboardTokens, signDashboardToken } from "./JoseDashboardTokens.js"
