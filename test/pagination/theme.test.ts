// The Theming guide's playground lists the stylesheet's custom properties from the stylesheet itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeVariables } from '../../stories/docs/ThemePlayground';

const css = readFileSync('src/pagination/styles.css', 'utf8');

describe('styles.css: the themable properties', () => {
  it('are all listed by the playground, each once', () => {
    const read = new Set([...css.matchAll(/var\((--pw-[a-z0-9-]+)/g)].map(([, name]) => name));
    const listed = themeVariables(css).map(([name]) => name);
    expect(new Set(listed)).toEqual(read);
    expect(listed).toHaveLength(read.size);
  });

  it('are listed with their light defaults, the colours from the light theme', () => {
    expect(Object.fromEntries(themeVariables(css))).toMatchObject({
      '--pw-fg': '#1a1a1a',
      '--pw-surface': '#fff',
      '--pw-accent': '#1d4ed8',
      '--pw-focus': '#1a1a1a',
      '--pw-scheme': 'light',
      '--pw-radius': '6px',
      '--pw-size-sm': '1.75rem',
      '--pw-on-accent': '#fff',
    });
  });
});
