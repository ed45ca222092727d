// The identity-provider, token-storm, token-store and OpenTelemetry suites again, on the PACKED package: every import of
// the public entries (`src/{client,server,testing,opentelemetry}/index`, `src/testing/node`) resolves to the tarball
// unpacked into the example app by scripts/e2e.mjs, so what the docs claim for Okta, Keycloak, Entra ID, Cognito, Hydra,
// Zitadel and Redis, the client authentication methods and DPoP (whose signing code the package loads lazily), and the
// real OpenTelemetry SDK holds for what users install, not only for src/.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packed = `${root}examples/shares-app/node_modules/pagewise/dist`;
if (!existsSync(packed)) throw new Error(`${packed} is missing: run scripts/e2e.mjs (it unpacks the tarball there)`);

export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: /^(?:\.\.\/)+src\/(client|server|testing|opentelemetry)\/index$/, replacement: `${packed}/$1.js` },
      { find: /^(?:\.\.\/)+src\/testing\/node$/, replacement: `${packed}/testing-node.js` },
    ],
  },
  test: {
    name: 'packed',
    environment: 'node',
    include: [
      'test/server/clientCredentials.oidcProvider.node.test.ts',
      'test/server/clientAuthentication.oidcProvider.node.test.ts',
      'test/server/clientAuthentication.node.test.ts',
      'test/server/dpop.oidcProvider.node.test.ts',
      'test/server/mtls.oidcProvider.node.test.ts',
      'test/server/identityProviderForms.node.test.ts',
      'test/server/tokenStorms.node.test.ts',
      'test/server/tokenStore.node.test.ts',
      'test/opentelemetry/openTelemetry.node.test.ts',
    ],
  },
});
