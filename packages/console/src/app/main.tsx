import { render } from "preact"
import { kitOf } from "./Api.js"
import { App } from "./App.js"
import { takeTokenFromAddress } from "./Session.js"

// Before anything renders or is fetched: the token leaves the address bar first.
takeTokenFromAddress()
const root = document.getElementById("app")
if (root !== null) render(<App kit={kitOf(root)} />, root)
