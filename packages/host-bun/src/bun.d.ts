// The slice of Bun's API this host uses, so the package builds without Bun's type package.
declare namespace Bun {
  const version: string
  interface Server {
    readonly port: number
    readonly hostname: string
    requestIP(request: Request): { readonly address: string } | null
    stop(closeActiveConnections?: boolean): Promise<void>
  }
  function serve(options: {
    readonly port?: number
    readonly hostname?: string
    readonly fetch: (request: Request, server: Server) => Response | Promise<Response>
  }): Server
}
