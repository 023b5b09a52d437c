// The Advisor service from the page: the Connect protocol with JSON bodies over fetch, the
// same protocol @card-advisor/client speaks (clients/typescript), written out in a few lines so
// the page needs no build step. Messages are the proto's JSON mapping (camelCase fields, enums
// by name, 64-bit integers as strings). A failed call throws an AdvisorError.

const SERVICE = "/advisor.v1.Advisor/";
const END_STREAM = 0x02;

export class AdvisorError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

let token = "";

/** The server's --auth-token, if it has one (sent as a bearer token). */
export function setToken(value) {
  token = value;
}

function headers(contentType) {
  const sent = { "content-type": contentType, "connect-protocol-version": "1" };
  if (token) sent.authorization = `Bearer ${token}`;
  return sent;
}

async function failure(response) {
  const body = await response.json().catch(() => ({}));
  return new AdvisorError(body.code ?? "unknown", body.message ?? response.statusText);
}

/** A unary RPC, e.g. rpc("SuggestMove", {observation, limits}). */
export async function rpc(method, request) {
  const response = await fetch(SERVICE + method, {
    method: "POST", headers: headers("application/json"), body: JSON.stringify(request),
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}

/** A server-streaming RPC (ReviewGame, Analyze): `onMessage` gets each answer in order. */
export async function stream(method, request, onMessage) {
  const body = new TextEncoder().encode(JSON.stringify(request));
  const framed = new Uint8Array(5 + body.length);
  new DataView(framed.buffer).setUint32(1, body.length);
  framed.set(body, 5);
  const response = await fetch(SERVICE + method, {
    method: "POST", headers: headers("application/connect+json"), body: framed,
  });
  if (!response.ok) throw await failure(response);
  const reader = response.body.getReader();
  let buffered = new Uint8Array(0);
  for (;;) {
    while (buffered.length >= 5) {
      const size = new DataView(buffered.buffer, buffered.byteOffset).getUint32(1);
      if (buffered.length < 5 + size) break;
      const flags = buffered[0];
      const message = JSON.parse(new TextDecoder().decode(buffered.subarray(5, 5 + size)));
      buffered = buffered.subarray(5 + size);
      if (flags & END_STREAM) {
        if (message.error) throw new AdvisorError(message.error.code, message.error.message);
        return;
      }
      onMessage(message);
    }
    const { done, value } = await reader.read();
    if (done) throw new AdvisorError("unavailable", "the stream ended without its end message");
    const joined = new Uint8Array(buffered.length + value.length);
    joined.set(buffered);
    joined.set(value, buffered.length);
    buffered = joined;
  }
}

/** The page's tables (advisor/play.py): play("new", {...}), play("move", {table, seat,
 * number, move}) or play("view", {table}). */
export async function play(action, request) {
  const response = await fetch(`/play/${action}`, {
    method: "POST", headers: headers("application/json"), body: JSON.stringify(request),
  });
  if (!response.ok) throw await failure(response);
  return response.json();
}
