/** The token of an `Authorization: Bearer <token>` value, as the strategies wrote it (the scheme in any case). */
export function stripBearer(authorization: string): string {
  return authorization.replace(/^Bearer /i, '');
}
