export { clientCredentials } from './clientCredentials';
export type {
  ClientCredentialsOptions,
  ClientCredentialsStrategy,
  ClientCredentialsRequestOptions,
  TokenEndpointOptions,
} from './clientCredentials';
export { readTokenFile } from './clientAuthentication';
export type {
  ClientAuthenticationFields,
  ClientAuthenticationMethod,
  ClientAuthenticationOptions,
} from './clientAuthentication';
export type { Jwk, PrivateKeyInput, SigningAlgorithm, WebCryptoKey, WebCryptoKeyPair } from './jws';
export { apiAccountToken } from './apiAccountToken';
export type { ApiAccountTokenOptions } from './apiAccountToken';
export { createProxyHandler } from './createProxyHandler';
export type { ProxyHandler, ProxyHandlerOptions } from './createProxyHandler';
export { createProxyListener } from './createProxyListener';
export type { ProxyListener, ProxyListenerRequest, ProxyListenerResponse } from './createProxyListener';
export type { ProxyAllowlist, ProxyResourceRule } from './proxyAllowlist';
export type { ProxyRequestTarget } from './proxyWrites';
export type { ProxyCursorRule, UpstreamPagingOptions } from './proxyCursor';
export { defineTokenStore } from './TokenStore';
export type { StoredToken, TokenStore } from './TokenStore';
export { memoryTokenStore } from './memoryTokenStore';
export { redisTokenStore } from './redisTokenStore';
export type { RedisLikeClient, RedisTokenStoreOptions } from './redisTokenStore';
export type { ProxyEvent, TokenEvent } from '../shared/events';
export { serveListCall } from './serveListCall';
export type { ServeListCallOptions } from './serveListCall';
export { serveWriteCall } from './serveWriteCall';
export type { ServeWriteCallOptions, WriteCallAllow } from './serveWriteCall';
