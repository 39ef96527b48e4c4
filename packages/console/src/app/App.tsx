import { useEffect, useMemo, useState } from "preact/hooks"
import { type Kit, dashboardClient } from "./Api.js"
import { Shell } from "./Shell.js"
import { type Session, type SignedOut, currentSession, endSession } from "./Session.js"
import { SignIn } from "./SignIn.js"

export const App = (props: { readonly kit: Kit }) => {
  const [session, setSession] = useState<Session | SignedOut>(() => currentSession(Date.now()))
  // Expiry ends the session when it comes, not at the next click.
  useEffect(() => {
    if ("signedOut" in session || session.expiresAt === undefined) return
    const timer = setTimeout(() => setSession(currentSession(Date.now())), Math.max(0, session.expiresAt - Date.now()))
    return () => clearTimeout(timer)
  }, [session])
  const client = useMemo(
    () =>
      "signedOut" in session ? undefined : dashboardClient(props.kit, session.token, () => setSession(endSession("expired"))),
    [session]
  )
  if ("signedOut" in session || client === undefined) {
    return <SignIn reason={"signedOut" in session ? session.signedOut : "none"} brand={props.kit.brand} />
  }
  return <Shell kit={props.kit} session={session} client={client} onSignOut={() => setSession(endSession("none"))} />
}
