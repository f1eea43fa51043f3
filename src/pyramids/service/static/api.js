// The /v1 API: JSON in, JSON out; an error is thrown as ApiError with the API's own message.
// A busy service (503 with Retry-After, or 429: this client's share of it in use) is asked
// again after the time it names, saying so through `onWait` each second; a request can be
// stopped with an AbortSignal.

export class ApiError extends Error {
  constructor(message, status = 0, kind = "NetworkError") {
    super(message);
    this.status = status;
    this.kind = kind;
  }
}

/** How many times a busy service is asked before the page gives up (about a minute). */
export const BUSY_TRIES = 20;

function pause(seconds, signal) {
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) { reject(signal.reason); return; }
    const t = setTimeout(resolve, seconds * 1000);
    if (signal) signal.addEventListener("abort", () => { clearTimeout(t); reject(signal.reason); }, { once: true });
  });
}

async function errorOf(response) {
  let message = `${response.status} ${response.statusText}`;
  let kind = "HTTPError";
  try {
    const err = await response.json();
    if (err && typeof err.error === "string") { message = err.error; kind = err.kind || kind; }
  } catch (e) { /* not JSON: keep the status line */ }
  return new ApiError(message, response.status, kind);
}

async function once(method, path, body, signal) {
  try {
    return await fetch(path, {
      method,
      signal,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    if (signal && signal.aborted) throw e;
    throw new ApiError(`cannot reach the service: ${e.message}`);
  }
}

/** The response to a request, asking again while the service says it is busy. */
async function send(method, path, body, { signal, onWait } = {}) {
  for (let attempt = 1; ; attempt++) {
    const response = await once(method, path, body, signal);
    if (response.ok) return response;
    const wait = Number(response.headers.get("Retry-After"));
    const busy = response.status === 503 || response.status === 429;
    if (!busy || !(wait > 0) || attempt >= BUSY_TRIES) throw await errorOf(response);
    await response.body?.cancel();
    for (let left = Math.ceil(wait); left > 0; left--) {
      if (onWait) onWait(left, attempt);
      await pause(Math.min(1, wait), signal);
    }
    if (onWait) onWait(0, attempt);
  }
}

export async function getJSON(path, opts) {
  return (await send("GET", path, undefined, opts)).json();
}

export async function postJSON(path, body, opts) {
  return (await send("POST", path, body, opts)).json();
}

export async function postBlob(path, body, opts) {
  return (await send("POST", path, body, opts)).blob();
}
