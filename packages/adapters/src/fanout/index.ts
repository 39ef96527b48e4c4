export { layerPostgresFanOut } from "./PostgresFanOut.js"
export { layerRedisFanOut } from "./RedisFanOut.js"
