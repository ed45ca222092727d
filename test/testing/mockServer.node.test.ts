import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { demoOrganizationIds } from '../../src/testing/index';

const script = fileURLToPath(new URL('../../scripts/mock-server.mjs', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the script and resolves with its output once it has printed the organizations. */
function start(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('Press Ctrl+C to stop.')) resolve({ child, output: () => text });
    });
    child.once('exit', (code) => reject(new Error(`mock-server exited with ${code}: ${text}`)));
  });
}

// Each test starts Node with tsx; the budget covers a busy machine, no assertion depends on time.
describe('npm run mock-server', { timeout: 30_000 }, () => {
  it('serves the mock on the --port given, prints URLs, credentials and organizations, and stops on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = await start(['--port', String(port)]);
    const text = output();
    const base = `http://127.0.0.1:${port}`;
    expect(text).toContain(`listening on ${base}`);
    expect(text).toContain(`${base}/api`);
    expect(text).toContain(`${base}/auth/oauth/token`);
    expect(text).toContain('client_id=pagewise-demo-client');
    expect(text).toContain(`${demoOrganizationIds.acme}  Acme`);

    const clientId = /client_id=(\S+)/.exec(text)?.[1];
    const clientSecret = /client_secret=(\S+)/.exec(text)?.[1];
    const token = await fetch(`${base}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        audience: `${base}/api`,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const shares = await fetch(`${base}/api/${demoOrganizationIds.acme}/shares?page=0&size=20`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(await shares.json()).toMatchObject({ totalElements: 437, numberOfElements: 20 });

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('takes the port from PAGEWISE_MOCK_PORT (0 picks a free one) and stops on SIGINT', async () => {
    const { child, output } = await start([], { PAGEWISE_MOCK_PORT: '0' });
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    expect(url).toBeDefined();
    const response = await fetch(`${url}/api/${demoOrganizationIds.globex}/environments`, {
      headers: {
        Authorization: `Basic ${/account_id=(\S+)/.exec(output())?.[1]}:${/API_TOKEN=(\S+)/.exec(output())?.[1]}`,
      },
    });
    expect(await response.json()).toMatchObject({ totalElements: 3 });
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('answers in the --shape given: a Spring Slice, without a total', async () => {
    const { child, output } = await start(['--port', '0', '--shape', 'slice']);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    const response = await fetch(`${url}/api/${demoOrganizationIds.globex}/shares?page=2&size=10`, {
      headers: {
        Authorization: `Basic ${/account_id=(\S+)/.exec(output())?.[1]}:${/API_TOKEN=(\S+)/.exec(output())?.[1]}`,
      },
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ last: true, number: 2, numberOfElements: 3 });
    expect(body).not.toHaveProperty('totalElements');
    child.kill('SIGTERM');
    await once(child, 'exit');
  });

  it('refuses an unknown --shape, listing the shapes', async () => {
    await expect(start(['--port', '0', '--shape', 'xml'])).rejects.toThrow(
      /--shape must be one of .*slice, link, has-more, next, bare-array/,
    );
  });

  it('refuses a port that is not a number, naming --port', async () => {
    await expect(start(['--port', 'abc'])).rejects.toThrow(/--port must be an integer/);
  });
});
