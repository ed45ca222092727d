import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  createRemoteJWKSet,
  EmbeddedJWK,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { springPage } from '../client/fixtures';
import { listenLocally } from './localServer';

/** What the API made of one call. */
export interface VerifiedCall {
  /** `Bearer` or `DPoP`, as the call's Authorization said. */
  scheme: string;
  /** Whether it answered 200. */
  ok: boolean;
  /** Why it refused, e.g. `replayed proof`. */
  reason?: string;
  /** The access token's claims, when it verified. */
  claims?: { aud?: unknown; client_id?: unknown; scope?: unknown; cnf?: { jkt?: string } };
}

/** A resource server on 127.0.0.1 that verifies access tokens, and DPoP proofs, with jose. */
export interface VerifyingApi {
  /** Its base URL (`…/api`). */
  url: string;
  calls: VerifiedCall[];
  /** Every DPoP proof it accepted, to replay. */
  proofs: { authorization: string; proof: string; url: string }[];
  /** Asks for a new nonce: the next DPoP call is challenged (RFC 9449 9). */
  rotateNonce(): void;
  /** Trusts the tokens of `issuer`, signed with the keys at `jwks` (a URL, or the set itself) (the provider is started knowing the API's URL). */
  trust(issuer: string, jwks: string | JSONWebKeySet): void;
  close(): Promise<void>;
}

/**
 * An API that accepts a call only with an access token signed by the issuer it trusts (verified against its JWKS) for its own
 * URL. A DPoP-bound token (`cnf.jkt`) must come as `Authorization: DPoP` with a proof (RFC 9449 4.3, 7.1) whose
 * signature verifies with its embedded key, whose key is the token's, for this method and URL (no query), with the
 * token's hash, fresh, never seen before, and with the API's current nonce when `requireNonce`.
 */
export async function startVerifyingApi(options: { requireNonce?: boolean } = {}): Promise<VerifyingApi> {
  const server = createServer();
  const { origin, close } = await listenLocally(server);
  const url = `${origin}/api`;
  let trusted:
    { issuer: string; jwks: ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet> } | undefined;
  const calls: VerifiedCall[] = [];
  const proofs: VerifyingApi['proofs'] = [];
  const seen = new Set<string>();
  let nonce = randomUUID();

  const check = async (method: string, path: string, authorization: string, proof: string | undefined) => {
    const [scheme = '', token = ''] = authorization.split(' ');
    const call: VerifiedCall = { scheme, ok: false };
    calls.push(call);
    let claims: VerifiedCall['claims'];
    try {
      claims = (await jwtVerify(token, trusted!.jwks, { issuer: trusted!.issuer, audience: url }))
        .payload as VerifiedCall['claims'];
    } catch {
      return {
        call,
        status: 401,
        challenge: `${scheme || 'Bearer'} error="invalid_token"`,
        reason: 'token did not verify',
      };
    }
    const jkt = claims?.cnf?.jkt;
    if (!jkt)
      return scheme === 'Bearer'
        ? { call, status: 200, claims }
        : { call, status: 401, challenge: 'DPoP error="invalid_token"', reason: 'unbound token' };
    const refuse = (reason: string, challenge = 'DPoP error="invalid_dpop_proof"') => ({
      call,
      status: 401,
      challenge,
      reason,
    });
    if (scheme !== 'DPoP') return refuse('DPoP-bound token sent as Bearer', 'DPoP error="invalid_token"');
    if (!proof) return refuse('no proof');
    let payload: Record<string, unknown>;
    let header: { jwk?: JWK };
    try {
      ({ payload, protectedHeader: header } = await jwtVerify(proof, EmbeddedJWK, {
        typ: 'dpop+jwt',
        algorithms: ['ES256', 'EdDSA', 'Ed25519', 'RS256', 'PS256'],
      }));
    } catch {
      return refuse('proof did not verify');
    }
    if ((await calculateJwkThumbprint(header.jwk!)) !== jkt) return refuse('proof key is not the token key');
    if (payload.htm !== method || payload.htu !== `${origin}${path.replace(/[?#].*$/, '')}`)
      return refuse('proof for another request');
    if (payload.ath !== createHash('sha256').update(token).digest('base64url'))
      return refuse('proof for another token');
    if (typeof payload.iat !== 'number' || Math.abs(Date.now() / 1000 - payload.iat) > 60) return refuse('stale proof');
    if (seen.has(String(payload.jti))) return refuse('replayed proof');
    seen.add(String(payload.jti));
    if (options.requireNonce && payload.nonce !== nonce)
      return refuse('no current nonce', 'DPoP error="use_dpop_nonce"');
    proofs.push({ authorization, proof, url: `${origin}${path}` });
    return { call, status: 200, claims };
  };

  server.on('request', (request, response) => {
    const { authorization = '', dpop } = request.headers;
    void check(
      request.method ?? 'GET',
      request.url ?? '/',
      authorization,
      typeof dpop === 'string' ? dpop : undefined,
    ).then(({ call, status, claims, challenge, reason }) => {
      Object.assign(call, { ok: status === 200, claims, reason });
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        ...(options.requireNonce ? { 'DPoP-Nonce': nonce } : {}),
      };
      if (status === 200) response.writeHead(200, headers).end(JSON.stringify(springPage([{ id: 'share-1' }], 0)));
      else
        response
          .writeHead(status, { ...headers, 'WWW-Authenticate': challenge! })
          .end(JSON.stringify({ error: 'unauthorized', reason }));
    });
  });
  return {
    url,
    calls,
    proofs,
    rotateNonce: () => {
      nonce = randomUUID();
    },
    trust: (issuer, jwks) => {
      trusted = {
        issuer,
        jwks: typeof jwks === 'string' ? createRemoteJWKSet(new URL(jwks)) : createLocalJWKSet(jwks),
      };
    },
    close,
  };
}
