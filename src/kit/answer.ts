/** An answer read whole: status, headers, raw text and the parsed JSON body where there is one. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON; the raw text when the body is not JSON; undefined when it is empty. */
  body: T;
}

export async function readAnswer<T = unknown>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, text, body: body as T };
}
