// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationSkills group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationSkillsRoutes = {
  /**
   * List the marketplace's skill packs
   *
   * The platform's packs and the account's own, by pack id. Filters: `q`, `skill`, `source`, `installed`. Default limit 25, maximum 100.
   */
  "automationSkills.listSkillPacks": ["GET", "/v1/automations/skills", "400 401 403 405 429 500", "page"],
  /**
   * Install a skill pack
   *
   * Installs a version (the latest by default), pinned to its content digest. Installing the same version again changes nothing; another version moves the pin.
   */
  "automationSkills.installSkillPack": ["POST", "/v1/automations/skills/install", "400 401 403 404 405 413 429 500"],
  /**
   * Make a workflow from an installed pack
   *
   * Fills the template's `{{params.<name>}}` with `parameters` (400 naming `parameters.<name>` when one is missing, unknown or invalid; defaults fill the rest) and creates an ordinary workflow, checked as any other: 403 `product_not_entitled` when a skill needs a product the account lacks. `template` names one of the pack's templates (needed when it has several); `name` defaults to the template's.
   */
  "automationSkills.createWorkflowFromPack": ["POST", "/v1/automations/skills/{packId}/workflow", "400 401 403 404 405 409 413 429 500"],
  /**
   * The skills a pack may use, and the pack format
   *
   * Every skill a pack may call on this platform, with its input as JSON Schema, the products it needs and whether it waits for an approval by default; the pack format as JSON Schema; the variables a template may use; the limits.
   */
  "automationSkills.getSkillSdk": ["GET", "/v1/automations/skills/sdk", "400 401 403 405 429 500"],
  /**
   * Validate and publish a skill pack
   *
   * A pack is data: workflow templates over the platform's skills and typed parameters, nothing to execute. Checked whole (size, format without unknown keys, parameter schemas, placeholders limited to parameters and run variables, every template as a workflow): a 400 lists each problem with its path. Publishing a version again with the same content changes nothing; with other content it is a 409 `pack_version_exists`.
   */
  "automationSkills.publishSkillPack": ["POST", "/v1/automations/skills/sdk", "400 401 403 405 409 413 429 500"]
} as const
