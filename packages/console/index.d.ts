// The types of dist/index.js, which build.mjs writes from src/app.

/** One built file of the console, served at `{mountPath}/console/assets/{name}`. */
export interface ConsoleAsset {
  /** The file's name, carrying its content's hash (`console.<hash>.js`). */
  readonly name: string
  readonly contentType: string
  readonly body: string
}

/** The console's script and stylesheet, built from src/app, and the template preview frame's script. */
export declare const consoleAssets: {
  readonly script: ConsoleAsset
  readonly styles: ConsoleAsset
  readonly preview: ConsoleAsset
}
