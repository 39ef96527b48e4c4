import type { Message, Note } from "./InboxStream.js"

/** How a conversation's thread is put together from what the fetches and the stream bring. */

/** Adds what is not there yet, in sequence order: the stream and a refetch may bring the same message. */
export const merge = (shown: ReadonlyArray<Message>, more: ReadonlyArray<Message>) => {
  const known = new Set(shown.map((message) => message.id))
  const added = more.filter((message) => !known.has(message.id))
  return added.length === 0 ? shown : [...shown, ...added].sort((a, b) => a.sequence - b.sequence)
}

/** Notes not shown yet, oldest first. */
export const mergeNotes = (shown: ReadonlyArray<Note>, more: ReadonlyArray<Note>) => {
  const known = new Set(shown.map((note) => note.id))
  const added = more.filter((note) => !known.has(note.id))
  return added.length === 0 ? shown : [...shown, ...added].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
}

/** The thread as shown: messages in their order, each note after the messages written before it. */
export const threadOf = (messages: ReadonlyArray<Message>, notes: ReadonlyArray<Note>) => {
  const thread: Array<{ readonly message: Message } | { readonly note: Note }> = []
  let next = 0
  for (const message of messages) {
    while (next < notes.length && notes[next]!.createdAt < message.createdAt) thread.push({ note: notes[next++]! })
    thread.push({ message })
  }
  for (const note of notes.slice(next)) thread.push({ note })
  return thread
}
