import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed X.509 certificate (PEM) for the PKCS#8 `keyPem`, made by the openssl command line for one day: Node
 * can sign with a key but not issue a certificate. `subject` like `/CN=pagewise-test`; `ip` adds it as a
 * subjectAltName, for a server on 127.0.0.1.
 */
export function selfSignedCertificate(keyPem: string, subject: string, ip?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagewise-cert-'));
  try {
    const keyFile = join(dir, 'key.pem');
    writeFileSync(keyFile, keyPem, { mode: 0o600 });
    const args = [
      'req',
      '-x509',
      '-new',
      '-key',
      keyFile,
      '-subj',
      subject,
      '-days',
      '1',
      ...(ip ? ['-addext', `subjectAltName=IP:${ip}`] : []),
    ];
    const result = spawnSync('openssl', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`openssl could not make a certificate: ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
