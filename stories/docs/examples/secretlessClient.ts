// Service credentials without a shared secret: each `auth` below is what `createApiClient({ baseUrl, auth })` takes.
import { clientCredentials, readTokenFile } from 'pagewise/server';

// private_key_jwt (Okta service apps, Keycloak, Auth0, Ory): the PKCS#8 PEM from a secrets manager; the provider
// holds the public key under `keyId`.
export const withPrivateKey = clientCredentials({
  issuer: process.env.ISSUER!,
  clientId: process.env.CLIENT_ID!,
  clientAuthentication: 'private_key_jwt',
  privateKey: process.env.CLIENT_PRIVATE_KEY!,
  keyId: process.env.CLIENT_KEY_ID!,
  bodyEncoding: 'form',
  audience: false,
  scope: 'shares.read',
});

// Entra ID certificate credentials: the same, with the certificate whose thumbprint names the key.
export const withCertificate = clientCredentials({
  tokenUrl: `https://login.microsoftonline.com/${process.env.TENANT_ID}/oauth2/v2.0/token`,
  clientId: process.env.CLIENT_ID!,
  privateKey: process.env.CLIENT_PRIVATE_KEY!,
  certificate: process.env.CLIENT_CERTIFICATE!,
  bodyEncoding: 'form',
  audience: false,
  scope: `api://${process.env.API_APP_ID}/.default`,
});

// Workload identity federation (Entra ID on AKS, Keycloak 26.4 with Kubernetes tokens): no secret at all, the
// platform's token read afresh for every token request, as the platform rotates it.
export const withWorkloadIdentity = clientCredentials({
  tokenUrl: `https://login.microsoftonline.com/${process.env.AZURE_TENANT_ID}/oauth2/v2.0/token`,
  clientId: process.env.AZURE_CLIENT_ID!,
  clientAssertion: readTokenFile(process.env.AZURE_FEDERATED_TOKEN_FILE!),
  bodyEncoding: 'form',
  audience: false,
  scope: `api://${process.env.API_APP_ID}/.default`,
});

// DPoP (Okta apps that require it, Keycloak, oidc-provider): tokens bound to a key of this process, a fresh proof
// with every call.
export const withDpop = clientCredentials({
  issuer: process.env.ISSUER!,
  clientId: process.env.CLIENT_ID!,
  privateKey: process.env.CLIENT_PRIVATE_KEY!,
  dpop: true,
  bodyEncoding: 'form',
  audience: false,
});
