import { permissionDenied } from "./Errors.js"
import type { Product } from "./Products.js"

/**
 * 403 `product_not_entitled` for a product the account lacks, saying how a platform admin grants
 * it, by each of the three ways there are. `what` says what needs it ("the skill email.send needs the
 * business_email product"), when not the request itself.
 */
export const notEntitled = (product: Product, what?: string) =>
  permissionDenied(
    "product_not_entitled",
    `${what === undefined ? `The account is not entitled to the ${product} product` : `${what}, which the account is not entitled to`}. ` +
      `A platform admin grants it with \`npx servicekit tenant entitle --tenant <tenant id> ${product}\`, ` +
      `\`PATCH /api/admin/tenants/<tenant id>\` with the entitlements plus "${product}", ` +
      `or \`kit.admin.updateTenant(tenantId, { entitlements })\`.`
  )
