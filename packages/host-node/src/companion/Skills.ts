import { NODE_SKILLS } from "@servicekit/core/internal"
import { browserMissing, makeBrowser } from "./Browser.js"
import { capture, planCaptures } from "./Capture.js"
import type { CommandResult, DeviceCommand, NodeSettings } from "./DeviceApi.js"
import { listFiles, readFileInRoot } from "./Files.js"
import { CommandFailed, succeeded } from "./Outcome.js"
import { runSystem } from "./Programs.js"

/**
 * What a command leaves itself to stop what it runs and post its result before its deadline: two
 * seconds, as a loaded machine took more than one to stop a program's processes and post.
 */
const RESULT_MARGIN_MS = 2_000

export interface SkillOptions {
  /** The real path of the folder the file skills (and programs' working directory) are held to. */
  readonly root: string
  readonly chromium: string
  /** The node's settings as last heard from the server. */
  readonly settings: () => NodeSettings
}

/** What this machine can run (its capabilities), why the others are off, and how to run a command. */
export const loadSkills = async (options: SkillOptions) => {
  const captures = await planCaptures()
  const noBrowser = await browserMissing(options.chromium)
  const off = new Map<string, string>()
  for (const [skill, plan] of Object.entries(captures)) if ("missing" in plan) off.set(skill, plan.missing)
  for (const skill of NODE_SKILLS)
    if (skill.startsWith("browser.") && noBrowser !== undefined) off.set(skill, noBrowser)
  const capabilities = NODE_SKILLS.filter((skill) => !off.has(skill))
  const browser = makeBrowser(options.chromium, options.settings)

  const run = async (command: DeviceCommand): Promise<CommandResult> => {
    const params = command.params
    // Stopped a moment before the command's time is up, so that its result still counts.
    const timeout = Math.max(1_000, Date.parse(command.expiresAt) - Date.now() - RESULT_MARGIN_MS)
    const skill = command.command
    if (off.has(skill)) throw new CommandFailed("tool_missing", `${skill} needs ${off.get(skill)}.`)
    switch (skill) {
      case "node.ping":
        return succeeded("pong")
      case "node.files_list":
        return listFiles(options.root, typeof params.path === "string" ? params.path : undefined)
      case "node.files_read":
        return readFileInRoot(options.root, String(params.path))
      case "system.run": {
        const argv = Array.isArray(params.argv) ? params.argv.map(String) : []
        const settings = options.settings()
        // The server checked this before queueing; the device holds to it as well.
        if (!settings.allowSystem) throw new CommandFailed("not_allowed", "This node does not allow system.run.")
        if (argv.length === 0 || !settings.allowedBinaries.includes(argv[0])) {
          throw new CommandFailed("not_allowed", `${argv[0] ?? "(nothing)"} is not on this node's allowedBinaries.`)
        }
        return runSystem(argv, options.root, timeout)
      }
      case "node.capture_screen":
      case "node.capture_camera":
      case "node.capture_audio":
        return capture(skill, captures[skill], options.root)
      default:
        if (skill.startsWith("browser.")) return browser.run(skill, params, timeout)
        throw new CommandFailed("unknown_command", `This companion does not know ${skill}.`)
    }
  }

  return { capabilities, off, run, close: browser.close }
}
