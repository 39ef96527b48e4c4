/** Types of generate-client.mjs, for the test that checks the committed contract. */
export declare const generatedDir: string
/** Every file under the generated folder, nested ones included, as paths relative to it with `/` separators. */
export declare const generatedFiles: () => Array<string>
export declare const servedDocument: () => Promise<unknown>
export declare const generateClientSources: (document: unknown) => Promise<Record<string, string>>
