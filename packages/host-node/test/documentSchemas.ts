import { Ajv2020 } from "ajv/dist/2020.js"
import addFormats from "ajv-formats"

/**
 * Checks values against the schemas of a served OpenAPI 3.1 document, by JSON pointer into it
 * (e.g. `#/webhooks/message.created/post/requestBody/content/application~1json/schema`): answers
 * the problems ajv finds, none when the value fits.
 */
export const documentSchemas = (document: object) => {
  // OpenAPI's own keywords (discriminator, example) are not JSON Schema's: ignore them, check the rest.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema({ ...document, $id: "servicekit" })
  return (pointer: string, value: unknown): Array<string> => {
    const validate = ajv.getSchema(`servicekit${pointer}`)
    if (validate === undefined) throw new Error(`The document has no schema at ${pointer}.`)
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`)
  }
}

/** A path or event name as a JSON pointer segment in a URI fragment. */
export const pointerSegment = (segment: string) =>
  encodeURIComponent(segment.replaceAll("~", "~0").replaceAll("/", "~1"))
