import { createHash } from "node:crypto"
import { Effect, FastCheck } from "effect"
import { describe, expect, it } from "vitest"
import { digestCredentials, md5Hex, parseChallenge, preferredChallenge } from "../src/calling/SipDigest.js"
import { header, parseSipMessage, serializeSipMessage, splitList } from "../src/calling/SipMessage.js"
import { type Relayed, makeSipRelay } from "../src/calling/SipRelay.js"

const crlf = (lines: ReadonlyArray<string>, body = "") => `${lines.join("\r\n")}\r\n\r\n${body}`

const invite = (options: { branch?: string; cseq?: number; extra?: ReadonlyArray<string>; toTag?: string } = {}) =>
  crlf(
    [
      "INVITE sip:+15550100@trunk.example SIP/2.0",
      `Via: SIP/2.0/WSS df7jal23ls0d.invalid;branch=${options.branch ?? "z9hG4bKsoftphone1"}`,
      "Max-Forwards: 70",
      `To: <sip:+15550100@trunk.example>${options.toTag === undefined ? "" : `;tag=${options.toTag}`}`,
      "From: <sip:alice@trunk.example>;tag=a1",
      "Call-ID: call-1",
      `CSeq: ${options.cseq ?? 1} INVITE`,
      "Contact: <sip:alice@df7jal23ls0d.invalid;transport=ws>",
      "Content-Type: application/sdp",
      ...(options.extra ?? [])
    ],
    "v=0\r\no=- 1 1 IN IP4 203.0.113.7\r\n"
  )

const relayWith = (credentials?: { username: string; password: string }, tenantId?: string) =>
  makeSipRelay({
    local: { address: "198.51.100.10", port: 40100, transport: "udp" },
    token: "tok1",
    credentials,
    tenantId,
    cnonce: () => "cnonce1"
  })

const only = (relayed: ReadonlyArray<Relayed>, to: Relayed["to"]) => {
  expect(relayed.map((each) => each.to)).toEqual([to])
  return parseSipMessage(relayed[0]!.message)!
}

/** The trunk's answer to a relayed request: its Via list and dialog headers copied, as a UAS does. */
const answer = (relayed: string, status: string, extra: ReadonlyArray<string> = []) => {
  const request = parseSipMessage(relayed)!
  const copied = request.headers.filter(([name]) => ["Via", "From", "To", "Call-ID", "CSeq"].includes(name))
  return crlf([`SIP/2.0 ${status}`, ...copied.map(([name, value]) => `${name}: ${value}`), ...extra])
}

describe("SIP digest", () => {
  it("computes MD5 like node:crypto for any text", () => {
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e")
    expect(md5Hex("The quick brown fox jumps over the lazy dog")).toBe("9e107d9d372bb6826bd81d3542a419d6")
    FastCheck.assert(
      FastCheck.property(FastCheck.string({ unit: "binary", maxLength: 300 }), (text) => {
        expect(md5Hex(text)).toBe(createHash("md5").update(text, "utf8").digest("hex"))
      }),
      { numRuns: 300 }
    )
  })

  it("answers RFC 2617's example challenge with its published response", async () => {
    const challenge = parseChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"'
    )!
    const credentials = await Effect.runPromise(
      digestCredentials({
        challenge,
        username: "Mufasa",
        password: "Circle Of Life",
        method: "GET",
        uri: "/dir/index.html",
        body: "",
        cnonce: "0a4f113b"
      })
    )
    expect(credentials).toContain('response="6629fae49393a05397450978507c4ef1"')
    expect(credentials).toContain("qop=auth, nc=00000001")
    expect(credentials).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"')
  })

  it("prefers SHA-256 over MD5 and ignores schemes and algorithms it cannot answer", () => {
    expect(
      preferredChallenge(['Digest realm="r", nonce="n"', 'Digest realm="r", nonce="m", algorithm=SHA-256'])?.nonce
    ).toBe("m")
    expect(preferredChallenge(['Basic realm="r"', 'Digest realm="r", nonce="n", algorithm=SHA-512-256'])).toBe(
      undefined
    )
    expect(parseChallenge('Digest realm="a\\"b", nonce="n"')?.realm).toBe('a"b')
  })
})

describe("SIP messages", () => {
  it("reads compact and folded headers and writes a Content-Length that counts bytes", () => {
    const message = parseSipMessage(
      "MESSAGE sip:bob@example.com SIP/2.0\nv: SIP/2.0/WSS x.invalid;branch=z9hG4bK1\ni: abc\nSubject: one\n  two\nl: 999\n\nhé"
    )!
    expect(header(message, "via")).toBe("SIP/2.0/WSS x.invalid;branch=z9hG4bK1")
    expect(header(message, "call-id")).toBe("abc")
    expect(header(message, "subject")).toBe("one two")
    expect(serializeSipMessage(message)).toMatch(/\r\nContent-Length: 3\r\n\r\nhé$/)
  })

  it("splits lists without breaking quoted strings or URIs", () => {
    expect(splitList('<sip:a@b;lr>, "x, y" <sip:c@d>,<sip:e@f>')).toEqual([
      "<sip:a@b;lr>",
      '"x, y" <sip:c@d>',
      "<sip:e@f>"
    ])
  })

  it("refuses what is not SIP and never throws on any text", () => {
    expect(parseSipMessage("GET / HTTP/1.1\r\nHost: x\r\n\r\n")).toBe(undefined)
    expect(parseSipMessage("INVITE sip:x SIP/2.0\r\nno colon here\r\n\r\n")).toBe(undefined)
    FastCheck.assert(
      FastCheck.property(FastCheck.string({ unit: "binary", maxLength: 400 }), (text) => {
        parseSipMessage(`INVITE sip:x SIP/2.0\r\n${text}`)
        parseSipMessage(text)
      }),
      { numRuns: 500 }
    )
  })
})

describe("SIP relay", () => {
  it("puts its own Via and Record-Route on a softphone's INVITE and takes its Via off the answer", async () => {
    const relay = relayWith()
    const sent = only(await Effect.runPromise(relay.fromSoftphone(invite())), "trunk")
    const vias = sent.headers.filter(([name]) => name.toLowerCase() === "via").map(([, value]) => value)
    expect(vias[0]).toMatch(/^SIP\/2\.0\/UDP 198\.51\.100\.10:40100;branch=z9hG4bKtok1\.[0-9a-f]{8};rport$/)
    expect(vias[1]).toContain("branch=z9hG4bKsoftphone1")
    expect(header(sent, "record-route")).toBe("<sip:tok1@198.51.100.10:40100;transport=udp;lr>")
    expect(header(sent, "max-forwards")).toBe("69")
    expect(sent.body).toBe("v=0\r\no=- 1 1 IN IP4 203.0.113.7\r\n")

    const back = only(
      await Effect.runPromise(relay.fromTrunk(answer(serializeSipMessage(sent), "180 Ringing"))),
      "softphone"
    )
    expect(back.status).toEqual({ code: 180, reason: "Ringing" })
    expect(back.headers.filter(([name]) => name === "Via").map(([, value]) => value)).toEqual([
      "SIP/2.0/WSS df7jal23ls0d.invalid;branch=z9hG4bKsoftphone1"
    ])
  })

  it("answers the own trunk's challenge itself, acknowledges it, and keeps the softphone's CSeq", async () => {
    const relay = relayWith({ username: "acme", password: "s3cret" })
    const first = only(await Effect.runPromise(relay.fromSoftphone(invite({ cseq: 7 }))), "trunk")
    const challenged = await Effect.runPromise(
      relay.fromTrunk(
        answer(serializeSipMessage(first), "401 Unauthorized", [
          'WWW-Authenticate: Digest realm="trunk.example", nonce="abc", qop="auth"'
        ])
      )
    )
    expect(challenged.map((each) => each.to)).toEqual(["trunk", "trunk"])
    const [ack, retry] = challenged.map((each) => parseSipMessage(each.message)!)
    expect(ack!.request?.method).toBe("ACK")
    expect(header(ack!, "cseq")).toBe("7 ACK")
    expect(header(retry!, "cseq")).toBe("8 INVITE")
    const expected = md5Hex(
      `${md5Hex("acme:trunk.example:s3cret")}:abc:00000001:cnonce1:auth:${md5Hex("INVITE:sip:+15550100@trunk.example")}`
    )
    expect(header(retry!, "authorization")).toContain(`response="${expected}"`)
    expect(header(retry!, "via")).not.toBe(header(first, "via"))

    // The softphone sees the answer to the retried INVITE under its own CSeq.
    const ok = only(
      await Effect.runPromise(relay.fromTrunk(answer(serializeSipMessage(retry!), "200 OK", ["To: x;tag=t9"]))),
      "softphone"
    )
    expect(header(ok, "cseq")).toBe("7 INVITE")

    // A CANCEL from the softphone names the retried transaction, at the trunk's CSeq.
    const cancel = only(
      await Effect.runPromise(
        relay.fromSoftphone(invite({ cseq: 7 }).replace("INVITE sip:", "CANCEL sip:").replace("7 INVITE", "7 CANCEL"))
      ),
      "trunk"
    )
    expect(header(cancel, "via")).toBe(header(retry!, "via"))
    expect(header(cancel, "cseq")).toBe("8 CANCEL")
  })

  it("passes a second challenge on rather than retrying forever, and never sends the softphone's own credentials", async () => {
    const relay = relayWith({ username: "acme", password: "wrong" })
    let sent = only(
      await Effect.runPromise(relay.fromSoftphone(invite({ extra: ['Authorization: Digest username="x"'] }))),
      "trunk"
    )
    expect(header(sent, "authorization")).toBe(undefined)
    const challenge = 'Proxy-Authenticate: Digest realm="r", nonce="n1"'
    for (let attempt = 0; attempt < 2; attempt++) {
      const relayed = await Effect.runPromise(
        relay.fromTrunk(answer(serializeSipMessage(sent), "407 Proxy Authentication Required", [challenge]))
      )
      sent = parseSipMessage(relayed[relayed.length - 1]!.message)!
      expect(header(sent, "proxy-authorization")).toContain('nonce="n1"')
    }
    const last = await Effect.runPromise(
      relay.fromTrunk(answer(serializeSipMessage(sent), "407 Proxy Authentication Required", [challenge]))
    )
    expect(only(last, "softphone").status?.code).toBe(407)
  })

  it("stays on the route of registrations whose softphone supports Path, and of calls the trunk starts", async () => {
    const relay = relayWith()
    const register = (supported: string) =>
      crlf([
        "REGISTER sip:trunk.example SIP/2.0",
        "Via: SIP/2.0/WSS df7jal23ls0d.invalid;branch=z9hG4bKreg1",
        "To: <sip:alice@trunk.example>",
        "From: <sip:alice@trunk.example>;tag=r1",
        "Call-ID: reg-1",
        "CSeq: 1 REGISTER",
        `Supported: ${supported}`,
        "Contact: <sip:alice@df7jal23ls0d.invalid;transport=ws>;expires=600"
      ])
    const withPath = only(await Effect.runPromise(relay.fromSoftphone(register("path, gruu, outbound"))), "trunk")
    expect(header(withPath, "path")).toBe("<sip:tok1@198.51.100.10:40100;transport=udp;lr>")
    expect(header(withPath, "record-route")).toBe(undefined)
    const without = only(await Effect.runPromise(relay.fromSoftphone(register("gruu"))), "trunk")
    expect(header(without, "path")).toBe(undefined)

    const incoming = invite({ branch: "z9hG4bKtrunkinv" }).replace(
      "Via: SIP/2.0/WSS df7jal23ls0d.invalid;",
      "Via: SIP/2.0/UDP 203.0.113.5:5060;"
    )
    const delivered = only(await Effect.runPromise(relay.fromTrunk(incoming)), "softphone")
    expect(header(delivered, "record-route")).toBe("<sip:tok1@198.51.100.10:40100;transport=udp;lr>")
  })

  it("names the tenant to the platform's carrier for hosted SIP, whatever the softphone claims", async () => {
    const relay = relayWith(undefined, "tenant-a")
    const sent = only(
      await Effect.runPromise(relay.fromSoftphone(invite({ extra: ["X-ServiceKit-Tenant: tenant-b"] }))),
      "trunk"
    )
    expect(sent.headers.filter(([name]) => name.toLowerCase() === "x-servicekit-tenant")).toEqual([
      ["X-ServiceKit-Tenant", "tenant-a"]
    ])
  })

  it("relays the trunk's in-dialog requests to the softphone and the answers back", async () => {
    const relay = relayWith()
    const bye = crlf([
      "BYE sip:alice@df7jal23ls0d.invalid;transport=ws SIP/2.0",
      "Via: SIP/2.0/UDP 203.0.113.5:5060;branch=z9hG4bKtrunk1",
      "Route: <sip:tok1@198.51.100.10:40100;transport=udp;lr>",
      "Max-Forwards: 70",
      "From: <sip:+15550100@trunk.example>;tag=t9",
      "To: <sip:alice@trunk.example>;tag=a1",
      "Call-ID: call-1",
      "CSeq: 1 BYE"
    ])
    const delivered = only(await Effect.runPromise(relay.fromTrunk(bye)), "softphone")
    expect(header(delivered, "route")).toBe(undefined)
    expect(header(delivered, "via")).toMatch(/^SIP\/2\.0\/WSS tok1\.invalid;branch=z9hG4bKtok1\./)
    const ok = only(
      await Effect.runPromise(relay.fromSoftphone(answer(serializeSipMessage(delivered), "200 OK"))),
      "trunk"
    )
    expect(ok.headers.filter(([name]) => name === "Via").map(([, value]) => value)).toEqual([
      "SIP/2.0/UDP 203.0.113.5:5060;branch=z9hG4bKtrunk1"
    ])
  })

  it("answers malformed and exhausted requests itself and ignores what it cannot read", async () => {
    const relay = relayWith()
    const noCallId = invite().replace("Call-ID: call-1\r\n", "")
    expect(only(await Effect.runPromise(relay.fromSoftphone(noCallId)), "softphone").status?.code).toBe(400)
    const looped = invite().replace("Max-Forwards: 70", "Max-Forwards: 0")
    expect(only(await Effect.runPromise(relay.fromSoftphone(looped)), "softphone").status?.code).toBe(483)
    expect(await Effect.runPromise(relay.fromSoftphone("\r\n\r\n"))).toEqual([])
    expect(await Effect.runPromise(relay.fromSoftphone(invite() + "x".repeat(70_000)))).toEqual([])
    // A response that is not for this relay's Via goes nowhere.
    expect(await Effect.runPromise(relay.fromTrunk(answer(invite(), "200 OK")))).toEqual([])
    await Effect.runPromise(
      Effect.forEach(
        FastCheck.sample(FastCheck.string({ unit: "binary", maxLength: 300 }), 300),
        (text) => Effect.zip(relay.fromSoftphone(`INVITE sip:x SIP/2.0\r\n${text}`), relay.fromTrunk(text)),
        { discard: true }
      )
    )
  })
})
