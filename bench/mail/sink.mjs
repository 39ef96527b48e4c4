// A local SMTP server that takes every message at once, in a process of its own; the parent
// asks over IPC for its URL and to be told when a number of messages has arrived.
import { SMTPServer } from "smtp-server"

let received = 0
const waiting = []
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData: (stream, _session, callback) => {
    stream.on("end", () => {
      received++
      while (waiting.length > 0 && waiting[0] <= received) process.send({ arrived: waiting.shift() })
      callback()
    })
    stream.resume()
  }
})
server.listen(0, "127.0.0.1", () => process.send({ url: `smtp://127.0.0.1:${server.server.address().port}` }))
process.on("message", (message) => {
  if (message.count === "received") return process.send({ received })
  if (message.until !== undefined) {
    if (received >= message.until) process.send({ arrived: message.until })
    else waiting.push(message.until)
  }
})
process.on("disconnect", () => server.close(() => process.exit(0)))
