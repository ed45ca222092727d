import { connect } from 'node:net';

/** Whether `text` holds one whole response (the request was a HEAD when `head`: no body follows its headers). */
function isWhole(text: string, head: boolean): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const headers = text.slice(0, end);
  const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
  if (head || /^HTTP\/1\.[01] (204|304)/.test(headers)) return true;
  if (length) return text.length >= end + 4 + Number(length[1]);
  return /\r\ntransfer-encoding: *chunked/i.test(headers) && text.endsWith('0\r\n\r\n');
}

/**
 * Writes `text` to a new TCP connection to 127.0.0.1:`port` as is (no client library to tidy it up) and resolves
 * with what the server wrote: one whole response (then the connection is dropped), or all it wrote before closing.
 * The connection is not half-closed after writing: Node's server takes that as a client that went away.
 */
export function sendRawHttp(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const received = () => Buffer.concat(chunks).toString('latin1');
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (isWhole(received(), text.startsWith('HEAD '))) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received()));
    socket.write(text, 'latin1');
  });
}

/** The status of a well-formed HTTP/1.x response (status line, header lines, blank line), or undefined when it is not one. */
export function statusOf(response: string): number | undefined {
  const head = response.split('\r\n\r\n', 1)[0]!;
  if (!response.includes('\r\n\r\n')) return undefined;
  const [statusLine, ...headers] = head.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3}) [^\r\n]*$/.exec(statusLine!);
  if (!status || !headers.every((line) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+: ?[^\r\n]*$/.test(line))) return undefined;
  return Number(status[1]);
}
