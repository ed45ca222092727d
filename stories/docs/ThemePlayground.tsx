import { useMemo, useState, type CSSProperties } from 'react';
import { Pagination } from '../../src/pagination/index';
import css from '../../src/pagination/styles.css?raw';

/**
 * Every themable `--pw-*` property and its light default, read from the shipped stylesheet (so this page cannot drift):
 * the stylesheet only reads them, as `var(--pw-radius, 6px)`, `--_pw-accent: var(--pw-accent, #1d4ed8)` (the light
 * theme's declared first) or `var(--pw-focus, var(--_pw-fg))`, where the private `--_pw-fg` is the theme's value; `--_pw-*` are its private values and switches.
 */
export function themeVariables(source: string = css): [name: string, value: string][] {
  const light = new Map<string, string>();
  // The theme's values are read with yours over them, as `--_pw-fg: var(--pw-fg, #1a1a1a)`: the default is the last part.
  for (const [, name, value] of source.matchAll(/(--_pw-[a-z]+):\s*(?:var\(--pw-[a-z-]+,\s*)?([^;()]+)\)?;/g)) {
    if (!light.has(name!)) light.set(name!, value!.trim());
  }
  const found = new Map<string, string>();
  for (const [, name, theme, value] of source.matchAll(
    /var\((--pw-[a-z0-9-]+),\s*(?:var\((--_pw-[a-z-]+)\)|([^,;()]+))\)/g,
  )) {
    if (!found.has(name!)) found.set(name!, theme ? light.get(theme)! : value!.trim());
  }
  return [...found];
}

/** A live playground: edit any variable, switch light/dark and the writing direction, see the control change. */
export function ThemePlayground() {
  const variables = useMemo(() => themeVariables(), []);
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
      <div
        data-theme={theme}
        dir={dir}
        style={{
          padding: '1rem',
          background: theme === 'dark' ? '#141414' : '#fff',
          color: theme === 'dark' ? '#ececec' : '#1a1a1a',
          ...style,
        }}
      >
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
