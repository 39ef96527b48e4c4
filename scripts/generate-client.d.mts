/** Types of generate-client.mjs, for the test that checks the committed contract. */
export declare const generatedDir: string
export declare const servedDocument: () => Promise<unknown>
export declare const generateClientSources: (document: unknown) => Promise<Record<string, string>>
