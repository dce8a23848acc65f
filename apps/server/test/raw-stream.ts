/** A realtime stream read as raw text, for tests that need its clientId without the SDK. */
export interface RawStream {
  clientId: string;
  /** Reads on until the stream's text so far contains `part`; resolves with that text. */
  readUntil(part: string): Promise<string>;
  close(): Promise<void>;
}

/** Opens GET /api/realtime and reads up to PB_CONNECT, which names the clientId. */
export async function openRawStream(url: string): Promise<RawStream> {
  const response = await fetch(`${url}/api/realtime`);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream body');
  const decoder = new TextDecoder();
  let text = '';
  const readUntil = async (part: string) => {
    while (!text.includes(part)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before ${JSON.stringify(part)}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  };
  await readUntil('PB_CONNECT');
  return {
    clientId: /"clientId":"([^"]+)"/.exec(text)?.[1] ?? '',
    readUntil,
    close: () => reader.cancel(),
  };
}
