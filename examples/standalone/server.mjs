// The standalone ServiceKit server (what `npm start` runs): the embedded
// database in ./.servicekit unless DATABASE_URL / REDIS_URL say otherwise.
import { serveUntilSignalled } from "@servicekit/host-node"

await serveUntilSignalled()
