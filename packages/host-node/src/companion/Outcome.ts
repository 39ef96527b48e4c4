import { MAX_DATA_BYTES, MAX_OUTPUT_CHARS } from "@servicekit/core/internal"
import type { CommandResult } from "./DeviceApi.js"

/** A command refused or failed on the device, with the code its result carries. */
export class CommandFailed extends Error {
  override readonly name = "CommandFailed"
  constructor(
    readonly code: string,
    message: string
  ) {
    super(message)
  }
}

/** What ends text cut at a cap. */
export const TRUNCATED = "\n[output truncated]"
/** The server's cap on a result's error message. */
const MAX_ERROR_CHARS = 2_000

/** Text as a result may carry it: no NUL (replaced, as the server refuses it), within the output cap. */
export const outputText = (text: string) => {
  const clean = text.replaceAll("\u0000", "\uFFFD")
  return clean.length <= MAX_OUTPUT_CHARS ? clean : clean.slice(0, MAX_OUTPUT_CHARS - TRUNCATED.length) + TRUNCATED
}

/** An error message as a result may carry it. */
export const errorText = (text: string) => outputText(text).slice(0, MAX_ERROR_CHARS)

export const succeeded = (output: string): CommandResult => ({ ok: true, output: outputText(output) })

/** Bytes as a result's base64 `data`, refused past the server's cap. */
export const withData = (bytes: Uint8Array, mimeType: string, output = ""): CommandResult => {
  if (bytes.length > MAX_DATA_BYTES) {
    throw new CommandFailed(
      "too_large",
      `The result is ${bytes.length} bytes; a result carries at most ${MAX_DATA_BYTES}.`
    )
  }
  return { ok: true, output: outputText(output), data: Buffer.from(bytes).toString("base64"), mimeType }
}

/** What a thrown error becomes: its own code when it is a CommandFailed, `failed` otherwise. */
export const failed = (error: unknown): CommandResult => {
  const message = error instanceof Error ? error.message : String(error)
  return {
    ok: false,
    error: {
      code: error instanceof CommandFailed ? error.code : "failed",
      message: errorText(message)
    }
  }
}
