export { clientCredentials } from './clientCredentials';
export type { ClientCredentialsOptions, ClientCredentialsRequestOptions, TokenEndpointOptions } from './clientCredentials';
export { apiAccountToken } from './apiAccountToken';
export type { ApiAccountTokenOptions } from './apiAccountToken';
export { createProxyHandler } from './createProxyHandler';
export type { ProxyHandler, ProxyHandlerOptions } from './createProxyHandler';
