import { automationsMarketplaceSuite } from "./automationsMarketplace.js"

automationsMarketplaceSuite("the embedded default", () => ({}))
