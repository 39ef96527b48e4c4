import type { Brand } from "./Api.js"
import { BrandMark } from "./BrandMark.js"
import type { SignedOut } from "./Session.js"

const explanations: Record<SignedOut["signedOut"], { title: string; text: string }> = {
  none: {
    title: "Sign in to the console",
    text: "Open the console from the application that gave you access to it; it signs you in for this tab."
  },
  expired: {
    title: "Sign in again",
    text: "Your session has ended or is no longer accepted. Open the console again from the application you came from to sign in again."
  },
  invalid: {
    title: "Sign in again",
    text: "The sign-in link was not valid. Open the console again from the application you came from."
  }
}

/** Where the console stands without a usable token: it can only send the user back to sign in. */
export const SignIn = (props: { readonly reason: SignedOut["signedOut"]; readonly brand: Brand }) => {
  const { text, title } = explanations[props.reason]
  return (
    <main class="sign-in">
      <div class="card">
        <BrandMark brand={props.brand} />
        <h1>{title}</h1>
        <p>{text}</p>
      </div>
    </main>
  )
}
