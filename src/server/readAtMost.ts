/**
 * A response's body as text, or a `RangeError` as soon as it is over `maxBytes`: reading stops there and the rest is
 * cancelled (the connection is released, not drained), so a huge or endless body never sits in memory whole.
 */
export async function readAtMost(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new RangeError(`the response body is over maxBodyBytes (${maxBytes} bytes); reading stopped`);
  const declared = response.headers.get('content-length');
  // fetch fails a body longer than its Content-Length, so a declared length within bounds lets the fast reader run.
  if (declared !== null && /^\d+$/.test(declared)) {
    if (Number(declared) <= maxBytes) return response.text();
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  for (let size = 0; ;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks).text();
    if ((size += value.byteLength) > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
}
