import { useEffect, useState } from "preact/hooks"

/** The page's route, kept in the fragment (`#/developers/api-keys`): the console is one document. */
const current = () => (location.hash.startsWith("#/") ? location.hash.slice(1) : "/")

export const useRoute = (): string => {
  const [route, setRoute] = useState(current)
  useEffect(() => {
    const follow = () => setRoute(current())
    addEventListener("hashchange", follow)
    // The fragment may have changed between the first render and this effect, with no one listening.
    follow()
    return () => removeEventListener("hashchange", follow)
  }, [])
  return route
}

export const href = (route: string) => `#${route}`
