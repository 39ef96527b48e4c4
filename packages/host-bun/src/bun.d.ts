// The slice of Bun's API this host uses, so the package builds without Bun's type package.
declare namespace Bun {
  const version: string
  interface ServerWebSocket<Data> {
    readonly data: Data
    send(data: string | Uint8Array): number
    close(code?: number, reason?: string): void
  }
  interface Server {
    readonly port: number
    readonly hostname: string
    requestIP(request: Request): { readonly address: string } | null
    upgrade<Data>(
      request: Request,
      options: { readonly data: Data; readonly headers?: Record<string, string> }
    ): boolean
    stop(closeActiveConnections?: boolean): Promise<void>
  }
  function serve<Data>(options: {
    readonly port?: number
    readonly hostname?: string
    readonly fetch: (request: Request, server: Server) => Response | undefined | Promise<Response | undefined>
    readonly websocket?: {
      readonly maxPayloadLength?: number
      readonly open?: (ws: ServerWebSocket<Data>) => void
      readonly message?: (ws: ServerWebSocket<Data>, message: string | Uint8Array) => void
      readonly close?: (ws: ServerWebSocket<Data>, code: number, reason: string) => void
    }
  }): Server
}
