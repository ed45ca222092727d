import 'pagewise/styles.css';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Providers } from './providers';
import './app.css';

export const metadata: Metadata = {
  title: 'Shares — pagewise on Next.js',
  // No icon: without this line browsers ask for /favicon.ico, a 404.
  icons: { icon: 'data:,' },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
