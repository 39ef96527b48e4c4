import { constants } from "node:fs"
import { access } from "node:fs/promises"
import { MAX_DATA_BYTES } from "@servicekit/core/internal"
import type { CommandResult } from "./DeviceApi.js"
import { CommandFailed, withData } from "./Outcome.js"
import { findProgram, runProgram } from "./Programs.js"

const CAMERA_DEVICE = "/dev/video0"
const AUDIO_SECONDS = 5
const CAPTURE_TIMEOUT_MS = 30_000
/** Captures larger than this are not read in full (the result's cap refuses them anyway). */
const MAX_CAPTURE_BYTES = 16 * 1024 * 1024

type CaptureSkill = "node.capture_screen" | "node.capture_camera" | "node.capture_audio"

interface CaptureCommand {
  readonly argv: ReadonlyArray<string>
  readonly mimeType: string
}

/**
 * How this machine captures, per skill: the command to run (and a smaller encoding for when its
 * output passes the result's cap, as a busy full-HD screen in PNG does), or what to install.
 */
export type CapturePlan = (CaptureCommand & { readonly smaller?: CaptureCommand }) | { readonly missing: string }

const exists = (path: string) =>
  access(path, constants.R_OK).then(
    () => true,
    () => false
  )

/** ffmpeg reading one frame from `input` (`-f format`) and writing it in `codec` to stdout. */
const ffmpegFrame = (ffmpeg: string, format: string, input: string, codec: ReadonlyArray<string>) => [
  ...[ffmpeg, "-loglevel", "error", "-f", format, "-i", input, "-frames:v", "1", "-f", "image2pipe"],
  ...codec,
  "-"
]

/** How the screen is captured here: macOS's screencapture, else ImageMagick or ffmpeg under a display. */
const planScreen = (
  tools: { readonly magick?: string; readonly ffmpeg?: string; readonly screencapture?: string },
  display: string | undefined
): CapturePlan => {
  if (tools.screencapture !== undefined) {
    return { argv: [tools.screencapture, "-x", "-t", "png", "/dev/stdout"], mimeType: "image/png" }
  }
  if (display === undefined || display === "") {
    return { missing: "a display: run the companion in a desktop session or under Xvfb (DISPLAY is not set)" }
  }
  if (tools.magick !== undefined) {
    const grab = [tools.magick, "-window", "root"]
    return {
      argv: [...grab, "png:-"],
      mimeType: "image/png",
      smaller: { argv: [...grab, "-quality", "70", "jpeg:-"], mimeType: "image/jpeg" }
    }
  }
  if (tools.ffmpeg !== undefined) {
    return {
      argv: ffmpegFrame(tools.ffmpeg, "x11grab", display, ["-c:v", "png"]),
      mimeType: "image/png",
      smaller: {
        argv: ffmpegFrame(tools.ffmpeg, "x11grab", display, ["-c:v", "mjpeg", "-q:v", "6"]),
        mimeType: "image/jpeg"
      }
    }
  }
  return { missing: "ImageMagick (its import command) or ffmpeg, e.g. apt-get install imagemagick" }
}

/** Finds the tools once, at start. */
export const planCaptures = async (): Promise<Readonly<Record<CaptureSkill, CapturePlan>>> => {
  const [magick, ffmpeg, screencapture, camera] = await Promise.all([
    findProgram("import"),
    findProgram("ffmpeg"),
    process.platform === "darwin" ? findProgram("screencapture") : Promise.resolve(undefined),
    exists(CAMERA_DEVICE)
  ])
  const macOS = process.platform === "darwin"
  const noFfmpeg = { missing: "ffmpeg, e.g. apt-get install ffmpeg" }
  return {
    "node.capture_screen": planScreen({ magick, ffmpeg, screencapture }, process.env.DISPLAY),
    "node.capture_camera":
      ffmpeg === undefined
        ? noFfmpeg
        : !camera
          ? { missing: `a camera at ${CAMERA_DEVICE}` }
          : { argv: ffmpegFrame(ffmpeg, "v4l2", CAMERA_DEVICE, ["-c:v", "mjpeg"]), mimeType: "image/jpeg" },
    "node.capture_audio":
      ffmpeg === undefined
        ? noFfmpeg
        : {
            argv: [
              ...[ffmpeg, "-loglevel", "error", "-f", macOS ? "avfoundation" : "alsa", "-i", macOS ? ":0" : "default"],
              ...["-t", String(AUDIO_SECONDS), "-ac", "1", "-ar", "16000", "-f", "wav", "-"]
            ],
            mimeType: "audio/wav"
          }
  }
}

const captured = async (skill: CaptureSkill, command: CaptureCommand, cwd: string) => {
  const ran = await runProgram(command.argv, { cwd, timeoutMs: CAPTURE_TIMEOUT_MS, maxBytes: MAX_CAPTURE_BYTES })
  if (ran.exitCode !== 0 || ran.stdout.length === 0) {
    throw new CommandFailed("capture_failed", `${skill} failed (${ran.exitCode ?? "killed"}): ${ran.stderr.trim()}`)
  }
  return ran.stdout
}

/** Runs the planned capture; a missing tool fails with `tool_missing`, naming what to install. */
export const capture = async (skill: CaptureSkill, plan: CapturePlan, cwd: string): Promise<CommandResult> => {
  if ("missing" in plan) throw new CommandFailed("tool_missing", `${skill} needs ${plan.missing}.`)
  const bytes = await captured(skill, plan, cwd)
  if (bytes.length <= MAX_DATA_BYTES || plan.smaller === undefined) return withData(bytes, plan.mimeType)
  return withData(await captured(skill, plan.smaller, cwd), plan.smaller.mimeType)
}
