import type { Brand } from "./Api.js"

/** The platform's logo and name where the console names itself; the logo says nothing the name does not. */
export const BrandMark = (props: { readonly brand: Brand }) => (
  <p class="brand">
    {props.brand.logoUrl === null ? null : <img class="brand-logo" src={props.brand.logoUrl} alt="" />}
    <span>{props.brand.name}</span>
  </p>
)
