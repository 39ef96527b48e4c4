import { packageBuild } from "../../tsup.shared.js"

// One entry per backend, so that importing the Postgres adapter loads neither PGlite nor ioredis.
export default packageBuild([
  "src/index.ts",
  "src/kysely.ts",
  "src/pglite.ts",
  "src/postgres.ts",
  "src/redis.ts",
  "src/jwt.ts",
  "src/crypto.ts",
  "src/sip.ts",
  "src/mail.ts",
  "src/http.ts",
  "src/llm.ts",
  "src/blobs.ts",
  "src/s3.ts"
])
