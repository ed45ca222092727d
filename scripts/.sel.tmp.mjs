import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 300, height: 170 }, deviceScaleFactor: 3 });
await p.goto('file:///tmp/sel.html'); await p.screenshot({ path: '/work/notes/shots/select-chevron.png' }); await b.close();
