import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Django REST Framework service of `test/drf/server.py`, on 127.0.0.1, and the requests it received. */
export interface DjangoRest {
  origin: string;
  /** Each request served so far as `GET <path>?<query>`, in order, as the service recorded it. */
  received(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A row as test/drf/server.py serves it. */
export interface DjangoRow {
  id: number;
  name: string;
  group: string;
}

/** The 45 rows test/drf/server.py holds, in id order: names in another order, for sorting; two groups, for filters. */
export const DJANGO_ROWS: readonly DjangoRow[] = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: `row ${String((index * 17) % 45).padStart(2, '0')}`,
  group: index % 2 ? 'even' : 'odd',
}));

/** The user test/drf/server.py's `private` view lets in: by HTTP Basic, or by `Authorization: Token <key>`. */
export const DJANGO_USER = {
  username: 'reports@example.com',
  password: 'pä55 word:1',
  token: '0123456789abcdef0123456789abcdef01234567',
} as const;

/** Debian's Python, where `apt-get install python3-djangorestframework python3-django-filters` puts the packages. */
const PYTHON = process.env.DJANGO_PYTHON ?? '/usr/bin/python3';
// From the module's path, not `new URL(…)`: under jsdom the global URL makes no file URL Node accepts.
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '../drf/server.py');

/** Starts the service and resolves once it listens (it prints its port); rejects with its stderr if it exits first. */
export function startDjangoRest(): Promise<DjangoRest> {
  const child = spawn(PYTHON, [SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(
        new Error(
          `test/drf/server.py exited with ${code}: ${errors.trim()}\n` +
            'Install the framework: apt-get install -y python3-djangorestframework python3-django-filters',
        ),
      ),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (!listening) return;
      const origin = `http://127.0.0.1:${listening[1]}`;
      const received = async () => (await (await fetch(`${origin}/_served`)).json()) as string[];
      resolve({ origin, received, stop });
    });
  });
}
