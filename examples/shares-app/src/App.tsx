import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { EnvironmentsTable, SharesTable } from './tables';

type Theme = 'light' | 'dark';

interface AppConfig {
  /** The organizations this user may pick: the service has no list operation for them, so the server says. */
  organizations: { id: string; name: string }[];
}

async function fetchConfig(): Promise<AppConfig> {
  const response = await fetch('/app-config.json');
  if (!response.ok) throw new Error(`GET /app-config.json failed: ${response.status}`);
  return (await response.json()) as AppConfig;
}

function initialTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function App() {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [picked, setPicked] = useState<string | null>(null);
  const config = useQuery({ queryKey: ['app-config'], queryFn: fetchConfig, staleTime: Infinity });
  const organizations = config.data?.organizations ?? [];
  const organizationId = picked ?? organizations[0]?.id ?? null;
  const pickerId = useId();

  // The library's styles and this app's follow [data-theme] on the root element.
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Shares and environments</h1>
        <div className="app-controls">
          <label htmlFor={pickerId}>Organization</label>
          <select
            id={pickerId}
            value={organizationId ?? ''}
            disabled={organizations.length === 0}
            onChange={(e) => setPicked(e.target.value)}
          >
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            aria-pressed={theme === 'dark'}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            Dark theme
          </button>
        </div>
      </header>
      {config.isError && <p role="alert">Could not load the app configuration.</p>}
      <main className="app-main">
        <SharesTable organizationId={organizationId} />
        <EnvironmentsTable organizationId={organizationId} />
      </main>
    </div>
  );
}
