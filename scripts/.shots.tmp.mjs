import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, extname } from 'node:path';
const [,, dir, tag] = process.argv;
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
const server = createServer(async (req, res) => {
  let path = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/docs\/pagewise/, '');
  try { const body = await readFile(join(dir, path.endsWith('/') ? path + 'index.html' : path)); res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' }).end(body); }
  catch { res.writeHead(404).end(); }
}).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const port = server.address().port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const stories = process.env.STORIES.split(',');
for (const width of (process.env.WIDTHS ?? '360,1000').split(',').map(Number)) for (const theme of ['light', 'dark']) for (const id of stories) {
  const page = await browser.newPage({ viewport: { width, height: 260 } });
  await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`);
  await page.waitForSelector('.pw-pagination', { timeout: 15000 }).catch(() => {});
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/work/notes/shots/${tag}-${id.replace(/^.*--/, '')}-${width}-${theme}.png`, fullPage: true });
  await page.close();
}
await browser.close(); server.close();
