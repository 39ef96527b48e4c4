// ServiceKit loads PGlite's WebAssembly, node:http helpers and database drivers at run time:
// let Node load these packages rather than bundling them into the route.
/** @type {import("next").NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@servicekit/host-node", "@servicekit/adapters", "@servicekit/core", "@electric-sql/pglite"]
}

export default nextConfig
