import { useMemo, useState, type CSSProperties } from 'react';
import { Pagination } from '../../src/pagination/index';
import css from '../../src/pagination/styles.css?raw';

// Internal properties the control sets itself (sizes, and the container-query layout switches); not for theming.
const internal = new Set(['--pw-digits', '--pw-count', '--pw-h', '--pw-window', '--pw-indicator', '--pw-narrow', '--pw-tight', '--pw-cap']);

/** Every themable `--pw-*` property and its light default, read from the shipped stylesheet (so this page cannot drift). */
export function themeVariables(): [name: string, value: string][] {
  const found = new Map<string, string>();
  for (const [, name, value] of css.matchAll(/(--pw-[a-z0-9-]+)\s*:\s*([^;]+);/g)) {
    if (!internal.has(name!) && !found.has(name!)) found.set(name!, value!.trim());
  }
  // Read with a fallback (`var(--pw-font, inherit)`), so the stylesheet never declares it.
  found.set('--pw-font', 'inherit');
  return [...found];
}

/** A live playground: edit any variable, switch light/dark and the writing direction, see the control change. */
export function ThemePlayground() {
  const variables = useMemo(themeVariables, []);
  const [values, setValues] = useState<Record<string, string>>({});
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [dir, setDir] = useState<'ltr' | 'rtl'>('ltr');
  const style = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as CSSProperties;
  return (
    <div>
      <fieldset>
        <legend>Preview</legend>
        <label>
          Theme{' '}
          <select value={theme} onChange={(e) => setTheme(e.target.value as 'light' | 'dark')}>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </label>{' '}
        <label>
          Direction{' '}
          <select value={dir} onChange={(e) => setDir(e.target.value as 'ltr' | 'rtl')}>
            <option value="ltr">left to right</option>
            <option value="rtl">right to left</option>
          </select>
        </label>
      </fieldset>
      <div data-theme={theme} dir={dir} style={{ ...style, padding: '1rem', background: 'var(--pw-surface)', color: 'var(--pw-fg)' }}>
        <Pagination total={437} defaultCurrent={7} showTotal aria-label="Themed pagination" />
      </div>
      <table>
        <caption>Custom properties of pagewise/styles.css (light defaults)</caption>
        <thead>
          <tr>
            <th scope="col">Property</th>
            <th scope="col">Default</th>
            <th scope="col">Your value</th>
          </tr>
        </thead>
        <tbody>
          {variables.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>
                <code>{value}</code>
              </td>
              <td>
                <input
                  aria-label={`Value of ${name}`}
                  placeholder={value}
                  value={values[name] ?? ''}
                  onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
