/** A pack parameter's schema as the marketplace lists it (JSON Schema-like). */
export interface PackParameter {
  readonly type: "string" | "integer" | "number" | "boolean" | "array"
  readonly description?: string
  readonly format?: string
  readonly enum?: ReadonlyArray<string | number>
  readonly minimum?: number
  readonly maximum?: number
  readonly maxLength?: number
  readonly items?: { readonly type: "string" | "integer" | "number"; readonly format?: string }
  readonly minItems?: number
  readonly maxItems?: number
  readonly default?: unknown
}

/** The pack's parameters by name, as its listing gives them. */
export const parametersOf = (listed: Readonly<Record<string, unknown>>): ReadonlyArray<[string, PackParameter]> =>
  Object.entries(listed).filter(
    (entry): entry is [string, PackParameter] =>
      typeof entry[1] === "object" && entry[1] !== null && typeof (entry[1] as PackParameter).type === "string"
  )

/** A parameter without a default must be given (the API says so with `parameters.<name> is required`). */
export const isRequired = (parameter: PackParameter) => parameter.default === undefined

/** A parameter's type as a person reads it. */
export const describeType = (parameter: PackParameter) =>
  parameter.type === "array"
    ? `list of ${parameter.items?.format ?? parameter.items?.type ?? "string"}s`
    : parameter.enum !== undefined
      ? `one of ${parameter.enum.join(", ")}`
      : (parameter.format ?? parameter.type)

/** What a field shows before anything is typed: the default, as text. */
export const initialText = (parameter: PackParameter): string =>
  parameter.default === undefined
    ? ""
    : Array.isArray(parameter.default)
      ? parameter.default.join("\n")
      : String(parameter.default)

const scalar = (type: "string" | "integer" | "number", text: string): unknown => {
  if (type === "string") return text
  // A number that does not parse is sent as typed, for the API to name the field it refuses.
  const number = Number(text)
  return text.trim() === "" || Number.isNaN(number) ? text : number
}

/**
 * The value a field's text stands for, or undefined when it is left empty: the API then fills
 * the default, or answers that the parameter is required.
 */
export const valueOf = (parameter: PackParameter, text: string): unknown => {
  if (parameter.type === "boolean") return text === "true"
  if (text.trim() === "") return undefined
  if (parameter.type === "array") {
    const lines = text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
    return lines.map((line) => scalar(parameter.items?.type ?? "string", line))
  }
  if (parameter.enum !== undefined) {
    return parameter.enum.find((choice) => String(choice) === text) ?? text
  }
  return scalar(parameter.type, text)
}
