import * as migration0003 from "./migrations/0003_jobs.js"

/** Storage of the job machinery itself (not of a module): the job outbox. */
export const jobsMigrations = { "0003_jobs": migration0003 }
