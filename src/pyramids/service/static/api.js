// The /v1 API: JSON in, JSON out; an error is thrown as ApiError with the API's own message.

export class ApiError extends Error {
  constructor(message, status = 0, kind = "NetworkError") {
    super(message);
    this.status = status;
    this.kind = kind;
  }
}

async function send(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(`cannot reach the service: ${e.message}`);
  }
  if (response.ok) return response;
  let message = `${response.status} ${response.statusText}`;
  let kind = "HTTPError";
  try {
    const err = await response.json();
    if (err && typeof err.error === "string") { message = err.error; kind = err.kind || kind; }
  } catch (e) { /* not JSON: keep the status line */ }
  if (response.status === 503) {
    const wait = response.headers.get("Retry-After");
    if (wait) message += ` (retry in ${wait} s)`;
  }
  throw new ApiError(message, response.status, kind);
}

export async function getJSON(path) {
  return (await send("GET", path)).json();
}

export async function postJSON(path, body) {
  return (await send("POST", path, body)).json();
}

export async function postBlob(path, body) {
  return (await send("POST", path, body)).blob();
}
